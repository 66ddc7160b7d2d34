import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditCount, DENIED, lastAuditOf, UNAUTHENTICATED, withCashierKeys } from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';

// A product's units over HTTP: who may read and declare them, what is refused, what is kept and audited, and the base
// that stays once stock is counted in it.

let s: SignedIn;
let bag: number;
let tonne: number;
let piece: number;

beforeAll(async () => {
  s = await signedInApp();
  bag = await s.make.measurement('Bag');
  tonne = await s.make.measurement('Tonne');
  piece = await s.make.measurement('Piece');
});
afterAll(() => s.t.close());

const product = async (name: string) => s.make.product(name, await s.make.category(`${name} Category`));
/** As the admin; `as` names another caller, `null` none. */
const put = (id: number, body: unknown, as: string | null = s.admin) =>
  s.t.call('PUT', `/api/productunitsupdate/${id}`, { token: as ?? undefined, body });
const get = (id: number, as: string | null = s.admin) =>
  s.t.call('GET', `/api/productunits/${id}`, { token: as ?? undefined });
/** Cement counted in Bag, sold by the Tonne of 20 Bag at 5 % off. */
const cementUnits = () => ({
  base_measurement_id: bag,
  units: [{ measurement_id: tonne, factor: 20, bulk_discount_percent: 5 }],
});

describe('GET /productunits and PUT /productunitsupdate', () => {
  it('answers 401 without a token and 403 to a cashier without productEdit, who may save them once given it', async () => {
    const id = await product('Keyed Cement');
    expect(await get(id, null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await put(id, cementUnits(), null)).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect(await get(id, s.cashier)).toMatchObject({ status: 403, body: DENIED });
    expect(await put(id, cementUnits(), s.cashier)).toMatchObject({ status: 403, body: DENIED });
    expect(await s.t.db.selectFrom('product_units').select('id').where('product_id', '=', id).execute()).toEqual([]);
    const allowed = await withCashierKeys(s.t, ['productEdit'], () => put(id, cementUnits(), s.cashier));
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });

  it('refuses a zero factor, 4 decimals, the base as a unit, a unit twice and an unknown measurement, changing nothing', async () => {
    const id = await product('Refused Cement');
    const before = await auditCount(s.t);
    const refused = async (body: unknown, field: string, message: string) => {
      const res = await put(id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[field], JSON.stringify(res.body.errors)).toEqual([message]);
    };
    const one = (unit: Record<string, unknown>) => ({
      base_measurement_id: bag,
      units: [{ measurement_id: tonne, factor: 20, ...unit }],
    });
    await refused(one({ factor: 0 }), 'units.0.factor', 'A factor must be above 0.');
    await refused(one({ factor: 2.0005 }), 'units.0.factor', 'A factor has at most 3 decimals.');
    await refused(
      one({ measurement_id: bag }),
      'units.0.measurement_id',
      'The base unit is not one of the other units.',
    );
    await refused(
      { base_measurement_id: bag, units: [...one({}).units, { measurement_id: tonne, factor: 40 }] },
      'units.1.measurement_id',
      'Each unit is listed once.',
    );
    await refused(one({ measurement_id: 999_999 }), 'units.0.measurement_id', 'Each unit must be a live measurement.');
    await refused(
      { base_measurement_id: 999_999, units: [] },
      'base_measurement_id',
      'The base unit must be a live measurement.',
    );
    expect(await auditCount(s.t)).toBe(before);
    expect(await get(id)).toMatchObject({ status: 200, body: { data: { base: null, units: [] } } });
  });

  it('answers 404 for a product that is not there', async () => {
    expect((await get(999_999)).status).toBe(404);
    expect((await put(999_999, cementUnits())).status).toBe(404);
  });

  it('keeps Cement counted in Bag with Tonne = 20 Bag at 5 % off, and audits it', async () => {
    const id = await product('Cement');
    const res = await put(id, cementUnits());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shown = {
      base: { measurement_id: bag, name: 'Bag', plural: null },
      units: [{ measurement_id: tonne, name: 'Tonne', plural: null, factor: 20, bulk_discount_percent: 5 }],
    };
    expect(res.body).toEqual({ success: true, message: 'Units saved successfully!', data: shown });
    expect((await get(id)).body.data).toEqual(shown);
    const audit = await lastAuditOf(s.t, { type: 'Product', activity: 'Units' });
    expect(audit.details).toBe('Cement: base Bag; Tonne = 20 Bag (5 % off)');
    // Declared again without units, the product keeps its base and drops the rest.
    const plain = await put(id, { base_measurement_id: bag });
    expect(plain.body.data).toEqual({ ...shown, units: [] });
    expect((await lastAuditOf(s.t, { type: 'Product', activity: 'Units' })).details).toBe(
      'Cement: base Bag; no other units',
    );
  });

  it("answers a product without units its batches' unit as base, and refuses another base once stock is in it", async () => {
    const chain = await s.make.chain('Roofing Nails');
    expect((await get(chain.product_id)).body.data).toEqual({ base: null, units: [] });
    await s.make.stock(chain);
    const unit = await s.t.db
      .selectFrom('measurements')
      .select(['id as measurement_id', 'name', 'plural'])
      .where('id', '=', chain.measurement_id)
      .executeTakeFirstOrThrow();
    expect((await get(chain.product_id)).body.data).toEqual({ base: unit, units: [] });
    const before = await auditCount(s.t);
    const changed = await put(chain.product_id, {
      base_measurement_id: piece,
      units: [{ measurement_id: chain.measurement_id, factor: 100 }],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(
      `Roofing Nails Product has stock counted in ${unit.name}: its base unit stays ${unit.name}.`,
    );
    expect(await auditCount(s.t)).toBe(before);
    expect((await get(chain.product_id)).body.data).toEqual({ base: unit, units: [] });
    // Its own unit as the base, with a box of 100 beside it, is taken.
    const kept = await put(chain.product_id, {
      base_measurement_id: chain.measurement_id,
      units: [{ measurement_id: piece, factor: 100 }],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.units).toEqual([
      { measurement_id: piece, name: 'Piece', plural: null, factor: 100, bulk_discount_percent: 0 },
    ]);
  });
});

describe('a unit in use on open documents', () => {
  it('is not removed while an order still to receive or an open quotation counts in it', async () => {
    const chain = await s.make.chain('Cement Block');
    const withTonne = {
      base_measurement_id: chain.measurement_id,
      units: [{ measurement_id: tonne, factor: 20, bulk_discount_percent: 0 }],
    };
    expect((await put(chain.product_id, withTonne)).status).toBe(200);
    const line = { product_id: chain.product_id, brand_id: chain.brand_id, measurement_id: tonne, quantity: 2 };
    const order = await s.t.call('POST', '/api/purchaseorderstore', {
      token: s.admin,
      body: { supplier_id: chain.supplier_id, lines: [{ ...line, unit_cost: 500_000 }] },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const withoutTonne = { base_measurement_id: chain.measurement_id };
    const refused = await put(chain.product_id, withoutTonne);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Cement Block Product is counted in Tonne on open purchase order ${order.body.data.po_number}: receive, convert or cancel it before removing the unit.`,
    );
    const cancel = await s.t.call('POST', `/api/purchaseordercancel/${order.body.data.id}`, {
      token: s.admin,
      body: { reason: 'Ordered by mistake' },
    });
    expect(cancel.status).toBe(200);

    const quotation = await s.t.call('POST', '/api/quotationstore', {
      token: s.admin,
      body: { customer_name: 'Walk-in', customer_phone: '0700111222', lines: [{ ...line, unit_price: 600_000 }] },
    });
    expect(quotation.status, JSON.stringify(quotation.body)).toBe(200);
    expect((await put(chain.product_id, withoutTonne)).body.message).toBe(
      `Cement Block Product is counted in Tonne on open quotation ${quotation.body.data.quotation_number}: receive, convert or cancel it before removing the unit.`,
    );
    const cancelled = await s.t.call('POST', `/api/quotationcancel/${quotation.body.data.id}`, {
      token: s.admin,
      body: { reason: 'Client went elsewhere' },
    });
    expect(cancelled.status).toBe(200);
    expect((await put(chain.product_id, withoutTonne)).status).toBe(200);
  });
});
