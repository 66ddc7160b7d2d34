import { payablesReport } from '@duka/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DENIED,
  expectInvalid,
  lastAudit,
  okData,
  UNAUTHENTICATED,
  withCashierKeys,
} from '../../../test/catalogue-fixtures.ts';
import { type SignedIn, signedInApp } from '../../../test/crud-contract.ts';
import { pdfLines } from '../../../test/pdf-text.ts';
import { expectReportKeys, wholeReport } from '../../../test/report-fixtures.ts';
import { type Catalogue, makeCatalogue } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { addDays, shopDay } from '../../platform/period.ts';

// What the shop owes its suppliers, over HTTP: payments settle the oldest bills first and never exceed what is owed,
// a reversal reopens what it settled, cash paid from the till comes out of the cashier's expected cash, and the
// statement, the payables report, the dashboard and the supplier report show the one balance the bills keep.

let s: SignedIn;
let t: TestApp;
let admin: string;
let cashier: string;
let today: string;

beforeAll(async () => {
  s = await signedInApp();
  ({ t, admin, cashier } = s);
  today = shopDay('Africa/Kampala');
});
afterAll(() => t.close());

/** Goods of `value` (quantity 10) received from the catalogue's supplier on `day`, on credit unless told. */
async function bill(c: Catalogue, value: number, day = today, extra: Record<string, unknown> = {}) {
  return okData(
    t.call('POST', '/api/goodsreceivedstore', {
      token: admin,
      body: {
        supplier_id: c.supplier_id,
        received_date: day,
        payment: 'CREDIT',
        lines: [
          {
            product_id: c.product_id,
            brand_id: c.brand_id,
            measurement_id: c.measurement_id,
            quantity: 10,
            unit_cost: value / 10,
            sale_price: value / 10 + 1_000,
          },
        ],
        ...extra,
      },
    }),
  ) as Promise<{ id: number; grn_number: string }>;
}

const pay = (body: Record<string, unknown>, as: string | null = admin) =>
  t.call('POST', '/api/supplierpaymentstore', { token: as ?? undefined, body: { method: 'CASH', ...body } });
const reverse = (id: number, reason: string, as: string | null = admin) =>
  t.call('POST', `/api/supplierpaymentreverse/${id}`, { token: as ?? undefined, body: { reason } });
const due = async (receiptId: number) =>
  (await okData(t.call('GET', `/api/goodsreceivedshow/${receiptId}`, { token: admin }))).amount_due as number;
const statement = (supplierId: number, query = '') =>
  okData(t.call('GET', `/api/supplierstatement/${supplierId}${query}`, { token: admin }));

/** Σ what each supplier is owed (the bills' unpaid parts) = bills − payments + reversals, supplier by supplier. */
async function expectBooksBalance() {
  const { rows } = await sql<{ supplier_id: number; owed: number; recomputed: number }>`
    SELECT s.id AS supplier_id,
      coalesce((SELECT sum(amount_due) FROM goods_receipts g WHERE g.supplier_id = s.id), 0)::bigint AS owed,
      (coalesce((SELECT sum(goods_value) FROM goods_receipts g WHERE g.supplier_id = s.id AND g.payment = 'CREDIT'), 0)
        - coalesce((SELECT sum(amount) FROM supplier_payments p WHERE p.supplier_id = s.id), 0))::bigint AS recomputed
    FROM suppliers s`.execute(t.db);
  for (const row of rows) expect(Number(row.owed), `supplier ${row.supplier_id}`).toBe(Number(row.recomputed));
  // Each bill's unpaid part is its value less what the allocations settled of it.
  const { rows: bills } = await sql<{ id: number; amount_due: number; replayed: number }>`
    SELECT g.id, g.amount_due::bigint AS amount_due,
      (CASE WHEN g.payment = 'CREDIT' THEN g.goods_value ELSE 0 END
        - coalesce((SELECT sum(a.amount) FROM supplier_payment_allocations a WHERE a.goods_receipt_id = g.id), 0))::bigint
        AS replayed
    FROM goods_receipts g`.execute(t.db);
  for (const b of bills) expect(Number(b.amount_due), `bill ${b.id}`).toBe(Number(b.replayed));
}

describe('keys', () => {
  it('answers 401 without a token and 403 to the cashier; each call opens with its key alone', async () => {
    const c = await makeCatalogue(t, admin, 'Keys Cement');
    await bill(c, 100_000);
    const paid = await okData(pay({ supplier_id: c.supplier_id, amount: 10_000 }));
    for (const [key, path] of [
      ['supplierStatement', `/api/supplierstatement/${c.supplier_id}`],
      ['supplierStatement', `/api/supplierstatementpdf/${c.supplier_id}`],
      ['supplierStatement', `/api/supplierpaymentshow/${paid.id}`],
    ] as const) {
      expect((await t.download(path)).status, path).toBe(401);
      expect((await t.download(path, cashier)).status, path).toBe(403);
      expect((await withCashierKeys(t, [key], () => t.download(path, cashier))).status, path).toBe(200);
    }
    expect(await pay({ supplier_id: c.supplier_id, amount: 1_000 }, null)).toMatchObject({
      status: 401,
      body: UNAUTHENTICATED,
    });
    expect(await pay({}, cashier)).toMatchObject({ status: 403, body: DENIED });
    expect(await reverse(paid.id, 'x', cashier)).toMatchObject({ status: 403, body: DENIED });
    await withCashierKeys(t, ['supplierPayment'], async () => {
      expect((await pay({ supplier_id: c.supplier_id, amount: 1_000 }, cashier)).status).toBe(200);
      expect((await reverse(paid.id, 'Paid twice', cashier)).status).toBe(200);
    });
    expect((await t.call('GET', '/api/supplierpaymentshow/999999', { token: admin })).status).toBe(404);
    expect((await t.call('GET', '/api/supplierstatement/999999', { token: admin })).status).toBe(404);
    expect((await reverse(999_999, 'x')).status).toBe(404);
    await expectReportKeys(t, cashier, payablesReport, null);
  });
});

describe('POST /supplierpaymentstore', () => {
  it('settles the oldest bills first, refuses more than is owed naming it, and is audited', async () => {
    const c = await makeCatalogue(t, admin, 'Oldest First Cement');
    const older = await bill(c, 300_000, addDays(today, -40));
    const newer = await bill(c, 200_000, addDays(today, -5));
    expectInvalid(await pay({ supplier_id: c.supplier_id, amount: 500_001 }), {
      amount: ['The shop owes Hima Supplies UGX 500,000; a payment cannot be more.'],
    });
    expectInvalid(await pay({ supplier_id: c.supplier_id, amount: 1_000, method: 'BANK', from_till: true }), {
      from_till: ['Only cash can be paid out of the till.'],
    });
    expectInvalid(await pay({ supplier_id: c.supplier_id, amount: 1_000, payment_date: addDays(today, 1) }), {
      payment_date: ['The payment date cannot be in the future.'],
    });
    expectInvalid(await pay({ supplier_id: c.supplier_id, amount: 1_000, method: 'MOBILE_MONEY' }), {
      reference: ['Mobile Money needs the transaction id from the SMS.'],
    });
    expect(await due(older.id)).toBe(300_000);

    const first = await okData(pay({ supplier_id: c.supplier_id, amount: 350_000, method: 'BANK', reference: 'TT-1' }));
    expect(first).toMatchObject({ payment_number: expect.stringMatching(/^SP\d{6}$/), balance: 150_000 });
    expect([await due(older.id), await due(newer.id)]).toEqual([0, 150_000]);
    expect(await lastAudit(t)).toMatchObject({ type: 'Supplier payment', activity: 'Payment' });
    expect((await lastAudit(t)).details).toContain(
      `Payment ${first.payment_number} of UGX 350,000 to Hima Supplies by Bank ref TT-1`,
    );
    const shown = await okData(t.call('GET', `/api/supplierpaymentshow/${first.id}`, { token: admin }));
    expect(shown.applied).toEqual([
      { goods_received_id: older.id, grn_number: older.grn_number, amount: 300_000 },
      { goods_received_id: newer.id, grn_number: newer.grn_number, amount: 50_000 },
    ]);

    await okData(pay({ supplier_id: c.supplier_id, amount: 150_000 }));
    expectInvalid(await pay({ supplier_id: c.supplier_id, amount: 1 }), {
      amount: ['The shop owes Hima Supplies nothing.'],
    });

    // A reversal makes owed again exactly what its payment settled; it is reversed once, and never itself.
    const undone = await okData(reverse(first.id, 'The transfer bounced'));
    expect(await lastAudit(t)).toMatchObject({ type: 'Supplier payment', activity: 'Reverse' });
    expect((await lastAudit(t)).details).toContain(
      `Reversal ${undone.payment_number} of payment ${first.payment_number} (UGX 350,000 to Hima Supplies by Bank ref TT-1): The transfer bounced`,
    );
    expect(undone.balance).toBe(350_000);
    expect([await due(older.id), await due(newer.id)]).toEqual([300_000, 50_000]);
    expect((await reverse(first.id, 'again')).status).toBe(409);
    expect((await reverse(undone.id, 'again')).body.message).toBe(
      `${undone.payment_number} is a reversal; it cannot be reversed.`,
    );
    await expectBooksBalance();
  });
});

describe('cash paid from the till', () => {
  it("comes out of the paying cashier's expected cash, is counted once, and a reversal puts it back", async () => {
    const c = await makeCatalogue(t, admin, 'Till Cement');
    await bill(c, 80_000);
    await withCashierKeys(t, ['supplierPayment'], async () => {
      const day = async () =>
        okData(t.call('GET', `/api/salescashup?date=${today}&opening_float=50000`, { token: cashier }));
      const before = await day();
      const paid = await okData(pay({ supplier_id: c.supplier_id, amount: 30_000, from_till: true }, cashier));
      // Paid from the bank, it is no business of the drawer.
      await okData(pay({ supplier_id: c.supplier_id, amount: 5_000, method: 'BANK' }, cashier));
      const after = await day();
      expect(after.cash_paid_out - before.cash_paid_out).toBe(30_000);
      expect(after.supplier_payments_count - before.supplier_payments_count).toBe(1);
      expect(before.expected_cash - after.expected_cash).toBe(30_000);
      const saved = await okData(
        t.call('POST', '/api/salescashupstore', {
          token: cashier,
          body: { date: today, opening_float: 50_000, counted_cash: after.expected_cash },
        }),
      );
      const row = await t.db
        .selectFrom('cash_ups')
        .select(['cash_paid_out', 'expected_cash'])
        .where('id', '=', saved.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ cash_paid_out: after.cash_paid_out, expected_cash: after.expected_cash });
      const next = await day();
      expect([next.cash_paid_out, next.supplier_payments_count]).toEqual([0, 0]);

      await okData(reverse(paid.id, 'Supplier refused the cash', cashier));
      const back = await day();
      expect(back.cash_paid_out).toBe(-30_000);
      expect(back.expected_cash).toBe(50_000 + 30_000);
    });
    await expectBooksBalance();
  });
});

describe('GET /supplierstatement', () => {
  it('opens with what was owed before the period, lists bills, payments and reversals, and ages what is owed', async () => {
    const c = await makeCatalogue(t, admin, 'Statement Cement');
    const old = await bill(c, 120_000, addDays(today, -70), { supplier_invoice_number: 'HS-100' });
    await bill(c, 60_000, addDays(today, -10));
    const p = await okData(pay({ supplier_id: c.supplier_id, amount: 20_000, payment_date: addDays(today, -3) }));
    const r = await okData(reverse(p.id, 'Wrong supplier'));
    await okData(pay({ supplier_id: c.supplier_id, amount: 50_000, method: 'BANK', reference: 'TT-9' }));

    const whole = await statement(c.supplier_id);
    expect(whole.opening_balance).toBe(0);
    expect(
      whole.lines.map((l: { kind: string; debit: number; credit: number; balance: number }) => [
        l.kind,
        l.debit,
        l.credit,
        l.balance,
      ]),
    ).toEqual([
      ['BILL', 120_000, 0, 120_000],
      ['BILL', 0 + 60_000, 0, 180_000],
      ['PAYMENT', 0, 20_000, 160_000],
      ['REVERSAL', 20_000, 0, 180_000],
      ['PAYMENT', 0, 50_000, 130_000],
    ]);
    expect(whole.lines[0]).toMatchObject({ reference: old.grn_number, details: 'Invoice HS-100' });
    expect(whole.lines[2]).toMatchObject({ reversed: true });
    expect(whole.lines[3].reference).toBe(r.payment_number);
    expect(whole.closing_balance).toBe(130_000);
    expect(whole.supplier.balance).toBe(130_000);
    // The oldest bill (70 days) took the 50,000: 70,000 of it is 61–90 days old, the newer 60,000 is 1–30.
    expect(whole.aging).toEqual({ current: 0, d1_30: 60_000, d31_60: 0, d61_90: 70_000, over_90: 0 });

    const recent = await statement(c.supplier_id, `?startDate=${addDays(today, -5)}`);
    expect(recent.opening_balance).toBe(180_000);
    expect(recent.lines.map((l: { kind: string }) => l.kind)).toEqual(['PAYMENT', 'REVERSAL', 'PAYMENT']);
    expect(recent.closing_balance).toBe(whole.closing_balance);
    // A period that ended before the payments: owed as it was then.
    const earlier = await statement(c.supplier_id, `?endDate=${addDays(today, -4)}`);
    expect(earlier.closing_balance).toBe(180_000);
    expect(earlier.aging).toEqual({ current: 0, d1_30: 60_000, d31_60: 0, d61_90: 120_000, over_90: 0 });

    const pdf = pdfLines((await t.download(`/api/supplierstatementpdf/${c.supplier_id}`, admin)).bytes).join('\n');
    expect(pdf).toContain('SUPPLIER STATEMENT');
    expect(pdf).toContain(old.grn_number);
    expect(pdf).toContain('130,000');
  });
});

describe('what the shop owes, on every screen', () => {
  it('the payables report, the dashboard card, the statements and the supplier report show the same balances', async () => {
    const a = await makeCatalogue(t, admin, 'Payables Cement');
    const b = await makeCatalogue(t, admin, 'Payables Sand');
    await bill(a, 400_000, addDays(today, -100));
    await bill(a, 100_000);
    await bill(b, 250_000, addDays(today, -45));
    await bill(b, 90_000, today, { payment: 'PAID', payment_method: 'CASH' });
    await okData(pay({ supplier_id: b.supplier_id, amount: 50_000, method: 'BANK' }));

    const report = await wholeReport(t, admin, 'reportpayableslist');
    const rows = report.data.data as { supplier_id: number; balance: number; [k: string]: unknown }[];
    const rowOf = (id: number) => rows.find((r) => r.supplier_id === id);
    expect(rowOf(a.supplier_id)).toMatchObject({ balance: 500_000, current: 100_000, over_90: 400_000 });
    expect(rowOf(b.supplier_id)).toMatchObject({ balance: 200_000, d31_60: 200_000 });
    for (const row of rows) {
      const buckets = ['current', 'd1_30', 'd31_60', 'd61_90', 'over_90'].reduce((n, k) => n + Number(row[k]), 0);
      expect(buckets, `supplier ${row.supplier_id}`).toBe(row.balance);
      expect((await statement(row.supplier_id)).closing_balance, `supplier ${row.supplier_id}`).toBe(row.balance);
    }
    const total = rows.reduce((n, r) => n + r.balance, 0);
    expect(report.total_payables).toBe(total);
    const dashboard = await okData(t.call('GET', '/api/dashboard', { token: admin }));
    expect(dashboard.payables).toEqual({ total });

    const suppliers = await wholeReport(t, admin, 'reportsupplierlist', {
      report_type: 'custom',
      date_range: `${addDays(today, -60)},${today}`,
    });
    const supplierRow = (suppliers.data.data as { id: number }[]).find((r) => r.id === b.supplier_id);
    expect(supplierRow).toMatchObject({ bought: 340_000, paid: 140_000, balance: 200_000 });
    await expectBooksBalance();
  });
});

describe('a supplier the shop owes', () => {
  it('cannot be deleted, and can once paid', async () => {
    const c = await makeCatalogue(t, admin, 'Owed Cement');
    const received = await bill(c, 70_000);
    // Its goods are gone (a supplier with stock on hand is refused for that first).
    const { lines } = await okData(t.call('GET', `/api/goodsreceivedshow/${received.id}`, { token: admin }));
    await okData(
      t.call('POST', '/api/stockadjustmentstore', {
        token: admin,
        body: {
          batch_id: lines[0].batch.id,
          reason: 'DAMAGE',
          quantity: 10,
          adjustment_date: today,
          note: 'Rained on',
        },
      }),
    );
    const refused = await t.call('DELETE', `/api/supplierdelete/${c.supplier_id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The shop owes Hima Supplies UGX 70,000. Only a supplier the shop owes nothing can be deleted.',
    );
    await okData(pay({ supplier_id: c.supplier_id, amount: 70_000 }));
    expect((await t.call('DELETE', `/api/supplierdelete/${c.supplier_id}`, { token: admin })).status).toBe(200);
  });
});
