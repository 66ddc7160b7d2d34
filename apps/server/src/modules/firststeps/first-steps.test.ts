import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KATO_HARDWARE } from '../../../test/business-fixtures.ts';
import { demoRoleIds, expectKeyNeeded, lastAudit, userIdOf } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import { makeCatalogue } from '../../../test/stock-fixtures.ts';
import type { TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';

// The Administrator's first steps on a new shop: each ticked from the shop's data, the list dismissible, the
// Administrator's alone. The test shop has the demo sign-ins only (no Business Info, no products, no backup).
let t: TestApp;
let admin: string;
let cashier: string;

beforeAll(async () => {
  ({ t, admin, cashier } = await signedInApp());
});
afterAll(() => t.close());

const steps = async () => {
  const res = await t.call('GET', '/api/firststeps', { token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const ok = async (call: Promise<{ status: number; body: unknown }>) => {
  const res = await call;
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};

describe('GET /api/firststeps', () => {
  it('is the Administrator’s alone', async () => {
    await expectKeyNeeded(t, 'GET', '/api/firststeps', cashier);
    await expectKeyNeeded(t, 'POST', '/api/firststepsdismiss', cashier);
  });

  it('ticks each step from the data as it is done, and stops showing once all are', async () => {
    // The demo cashier is the second user; without them only the Administrator is left.
    const cashierId = await userIdOf(t, DEMO_CASHIER.email);
    await ok(t.call('DELETE', `/api/userdelete/${cashierId}`, { token: admin }));
    expect(await steps()).toEqual({
      done: { business: false, vat: false, products: false, users: false, backups: false },
      dismissed: false,
      show: true,
    });

    // Business Info's form asks the VAT question beside the name: one save answers both.
    await ok(
      t.call('POST', '/api/businessinfosettingsstore', {
        token: admin,
        body: { ...KATO_HARDWARE, vat_registered: 'No', vat_rate: 18 },
      }),
    );
    expect((await steps()).done).toMatchObject({ business: true, vat: true });

    await makeCatalogue(t, admin, 'First Product');
    expect((await steps()).done.products).toBe(true);

    const { storekeeperRoleId } = await demoRoleIds(t);
    await ok(
      t.call('POST', '/api/userstore', {
        token: admin,
        body: {
          name: 'Okello Peter',
          gender: 'Male',
          nin: 'CM90000000001A',
          phone_number: '0772000333',
          email: 'okello@duka.test',
          role_id: storekeeperRoleId,
        },
      }),
    );
    expect((await steps()).done.users).toBe(true);

    // A passphrase set counts; removed again, it no longer does until a backup is taken.
    await ok(
      t.call('POST', '/api/backupsettingsstore', { token: admin, body: { passphrase: 'a long shop passphrase' } }),
    );
    expect((await steps()).done.backups).toBe(true);
    await ok(t.call('POST', '/api/backupsettingsstore', { token: admin, body: { passphrase: '' } }));
    expect((await steps()).done.backups).toBe(false);
    expect((await steps()).show).toBe(true);
    await ok(t.call('POST', '/api/backupstore', { token: admin }));
    expect(await steps()).toEqual({
      done: { business: true, vat: true, products: true, users: true, backups: true },
      dismissed: false,
      show: false,
    });
  });
});

describe('POST /api/firststepsdismiss', () => {
  it('hides the list for good, with an audit row', async () => {
    const fresh = await signedInApp();
    try {
      const before = await fresh.t.call('GET', '/api/firststeps', { token: fresh.admin });
      expect(before.body.data).toMatchObject({ dismissed: false, show: true });
      const res = await fresh.t.call('POST', '/api/firststepsdismiss', { token: fresh.admin });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const after = await fresh.t.call('GET', '/api/firststeps', { token: fresh.admin });
      expect(after.body.data).toMatchObject({ dismissed: true, show: false });
      expect(await lastAudit(fresh.t)).toMatchObject({
        type: 'Settings',
        activity: 'Update',
        details: 'Dismissed the first steps checklist',
      });
    } finally {
      await fresh.t.close();
    }
  });
});
