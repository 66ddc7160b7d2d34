// Business info's VAT fields: registered Yes/No (default No) and the rate (default 18, 0–100).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KATO_HARDWARE } from '../../../test/business-fixtures.ts';
import { DENIED, lastAudit, UNAUTHENTICATED } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  ({ t, admin } = await signedInApp());
});
afterAll(() => t.close());

const business = KATO_HARDWARE;
const RATE_MESSAGE = 'VAT rate must be a number from 0 to 100 (at most 2 decimals).';
const save = (body: object, token = admin) => t.call('POST', '/api/businessinfosettingsstore', { token, body });
const stored = async () => (await t.call('GET', '/api/businessinfosettingslist', { token: admin })).body.data;

describe('business info: VAT', () => {
  it('defaults to not registered at 18 %', async () => {
    expect(await stored()).toMatchObject({ vat_registered: 'No', vat_rate: 18 });
  });

  it('refuses without a session (401) and with a clear message per bad value (422), changing nothing', async () => {
    expect((await t.call('POST', '/api/businessinfosettingsstore', { body: business })).body).toEqual(UNAUTHENTICATED);
    const before = await stored();
    for (const vat_rate of [101, -1, 'abc', '', 18.555, null]) {
      const res = await save({ ...business, vat_registered: 'Yes', vat_rate });
      expect(res.status, `rate ${vat_rate}`).toBe(422);
      expect(res.body.errors, `rate ${vat_rate}`).toEqual({ vat_rate: [RATE_MESSAGE] });
    }
    const yesNo = await save({ ...business, vat_registered: 'Maybe', vat_rate: 18 });
    expect(yesNo.status).toBe(422);
    expect(yesNo.body.errors).toEqual({ vat_registered: ['Choose Yes or No.'] });
    expect(await stored()).toEqual(before);
  });

  it('is refused (403) to a user without businessInfoSettings', async () => {
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const res = await save({ ...business, vat_registered: 'Yes', vat_rate: 18 }, cashier);
    expect(res.status).toBe(403);
    expect(res.body).toEqual(DENIED);
    expect(await stored()).toMatchObject({ vat_registered: 'No' });
  });

  it('saves registered at a rate (form text too), audits from/to, and keeps VAT when a client leaves it out', async () => {
    const res = await save({ ...business, vat_registered: 'Yes', vat_rate: '16.5' });
    expect(res.status).toBe(200);
    expect(await stored()).toMatchObject({ ...business, vat_registered: 'Yes', vat_rate: 16.5 });
    const audit = await lastAudit(t);
    expect(audit.type).toBe('Settings');
    expect(audit.details).toContain('"vat_registered":"No"');
    expect(audit.details).toContain('to: {');
    expect(audit.details).toMatch(/to: \{.*"vat_registered":"Yes","vat_rate":16\.5/);

    // The original client's form knows nothing of VAT: saving it must not switch VAT off.
    expect((await save({ ...business, business_slogan: 'Build it once' })).status).toBe(200);
    expect(await stored()).toMatchObject({ business_slogan: 'Build it once', vat_registered: 'Yes', vat_rate: 16.5 });

    // Every signed-in user reads it (the receipt), VAT included.
    const cashier = await t.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
    const read = await t.call('GET', '/api/getbusinessinfosettings', { token: cashier });
    expect(read.body.data).toMatchObject({ vat_registered: 'Yes', vat_rate: 16.5 });
  });
});
