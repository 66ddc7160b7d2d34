// Backups that restore: a shop with sales, stock, users and settings is backed up, restored into a second fresh
// instance and compared table by table; bad files are refused with nothing changed.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DENIED, lastAudit, UNAUTHENTICATED } from '../../../test/catalogue-fixtures.ts';
import { postSale, saleAt } from '../../../test/report-fixtures.ts';
import { makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { DEMO_CASHIER } from '../../db/seed/demo.ts';
import { BACKUP_MAGIC } from '../../platform/backup-format.ts';
import { tableCounts } from './backups.service.ts';

let shop: TestApp;
let fresh: TestApp;
let admin: string;
let cashier: string;
const CASHIER_NEW_PASSWORD = 'Kabale-Hills-2031!';
const PASSPHRASE = 'Mango tree by the well';

beforeAll(async () => {
  [shop, fresh] = await Promise.all([createTestApp(), createTestApp()]);
  admin = await shop.signIn();
  cashier = await shop.signIn(DEMO_CASHIER.email, DEMO_CASHIER.password);
  // Stock, sales with a discount, a write-off, settings and a changed password: what a shop's books hold.
  const catalogue = await makeCatalogue(shop, admin, 'Cement Tororo 50kg');
  const cement = await receiveBatch(shop, admin, catalogue, { quantity: 100, unit_price: 31_000, sale_price: 36_500 });
  const sand = await receiveBatch(shop, admin, catalogue, { quantity: 12.5, unit_price: 80_000, sale_price: 95_000 });
  await saleAt(shop, admin, '2026-03-02T08:15:00Z', [[cement, 3]]);
  await saleAt(
    shop,
    admin,
    '2026-03-02T09:40:00Z',
    [
      [cement, 2],
      [sand, 1.25],
    ],
    5,
  );
  await saleAt(shop, cashier, '2026-03-03T11:05:00Z', [[sand, 0.5]]);
  const writeOff = await shop.call('POST', '/api/stockadjustmentstore', {
    token: admin,
    body: { batch_id: cement.id, reason: 'DAMAGE', quantity: 1, adjustment_date: '2026-03-03', note: 'Torn bag' },
  });
  expect(writeOff.status).toBe(200);
  const security = await shop.call('GET', '/api/securitysettingslist', { token: admin });
  const saved = await shop.call('POST', '/api/securitysettingsstore', {
    token: admin,
    body: { ...security.body.data, security_settings_history_counts: 7 },
  });
  expect(saved.status).toBe(200);
  const changed = await shop.call('POST', '/api/userchangepassword', {
    token: cashier,
    body: {
      current_password: DEMO_CASHIER.password,
      new_password: CASHIER_NEW_PASSWORD,
      new_password_confirmation: CASHIER_NEW_PASSWORD,
    },
  });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  cashier = await shop.signIn(DEMO_CASHIER.email, CASHIER_NEW_PASSWORD);
  // A table the backup reads in many batches (and pauses between), some of its rows deleted between them.
  await sql`
    INSERT INTO audit_logs (type, activity, details, browser, platform, ip, user_id)
    SELECT 'Test', 'Filler', repeat('x', 200) || g, 'Chrome', 'Linux', '127.0.0.1', NULL
    FROM generate_series(1, 30000) g`.execute(shop.db);
  await sql`DELETE FROM audit_logs WHERE activity = 'Filler' AND id % 7 = 0`.execute(shop.db);
});

afterAll(async () => {
  await Promise.all([shop?.close(), fresh?.close()]);
});

/** Checksums of sales and sale lines (every column) and of batch balances: equal sums mean equal books. */
async function books(t: TestApp) {
  const { rows } = await sql<{ sales: string; lines: string; batches: string; filler: string }>`
    select
      (select md5(string_agg(t::text, ';' order by id)) from sales t) as sales,
      (select md5(string_agg(t::text, ';' order by id)) from audit_logs t where activity = 'Filler') as filler,
      (select md5(string_agg(t::text, ';' order by id)) from sale_items t) as lines,
      (select md5(string_agg(concat_ws('|', id, batch_number, quantity, quantity_sold, quantity_adjusted, balance), ';' order by id)) from stock_batches) as batches
  `.execute(t.db);
  return rows[0];
}

/** Every batch's balance equals what was received less what its sale lines and write-offs took. */
async function unbalancedBatches(t: TestApp) {
  const { rows } = await sql<{ id: number }>`
    select b.id from stock_batches b
    where b.balance <> b.quantity
      - coalesce((select sum(quantity) from sale_items i where i.batch_id = b.id), 0)
      - coalesce((select sum(quantity) from stock_adjustments a where a.batch_id = b.id), 0)`.execute(t.db);
  return rows;
}

async function backUp(t: TestApp, token: string) {
  const res = await t.call('POST', '/api/backupstore', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { id: string; size: number; encrypted: boolean; automatic: boolean };
}

async function upload(t: TestApp, token: string | undefined, bytes: Buffer, passphrase?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'shop.dukabackup');
  if (passphrase !== undefined) form.append('passphrase', passphrase);
  const res = await fetch(`${t.url}/api/backuprestore`, {
    method: 'POST',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('the backup calls', () => {
  it('need a signed-in user (401) holding backupSettings (403)', async () => {
    for (const [method, path] of [
      ['GET', '/api/backuplist'],
      ['POST', '/api/backupstore'],
      ['GET', '/api/backupdownload/duka-20260101-210000-000-auto.dukabackup'],
      ['POST', '/api/backuprestore'],
      ['POST', '/api/backupsettingsstore'],
    ] as const) {
      expect(await shop.call(method, path), `${method} ${path}`).toMatchObject({ status: 401, body: UNAUTHENTICATED });
      expect(await shop.call(method, path, { token: cashier }), `${method} ${path}`).toMatchObject({
        status: 403,
        body: DENIED,
      });
    }
  });

  it('refuse a short passphrase and an unknown backup', async () => {
    const short = await shop.call('POST', '/api/backupsettingsstore', { token: admin, body: { passphrase: 'abc' } });
    expect(short).toMatchObject({ status: 422, body: { message: 'The passphrase needs at least 8 characters.' } });
    const missing = await shop.download('/api/backupdownload/duka-20260101-210000-000-auto.dukabackup', admin);
    expect(missing.status).toBe(404);
    const byId = await shop.call('POST', '/api/backuprestore', {
      token: admin,
      body: { id: 'duka-20260101-210000-000-auto.dukabackup' },
    });
    expect(byId).toMatchObject({ status: 404, body: { message: 'Backup not found.' } });
    const path = await shop.call('POST', '/api/backuprestore', { token: admin, body: { id: '../../etc/passwd' } });
    expect(path).toMatchObject({ status: 422, body: { message: 'Choose a backup.' } });
  });

  it('say plainly that backups are not encrypted until a passphrase is set', async () => {
    const list = await shop.call('GET', '/api/backuplist', { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ encrypted: false, time: '21:00', last_failure: null });
    const plain = await backUp(shop, admin);
    expect(plain).toMatchObject({ encrypted: false, automatic: false });
    const bytes = (await shop.download(`/api/backupdownload/${plain.id}`, admin)).bytes;
    expect(bytes.subarray(0, BACKUP_MAGIC.length).equals(BACKUP_MAGIC)).toBe(true);
    // Unencrypted means readable by anyone with the file: the header says so.
    expect(bytes.toString('latin1')).toContain('"encrypted":false');
  });
});

describe('a backup restored into a fresh instance', () => {
  let file: Buffer;
  let countsAtBackup: Record<string, number>;
  let booksAtBackup: Awaited<ReturnType<typeof books>>;

  beforeAll(async () => {
    const set = await shop.call('POST', '/api/backupsettingsstore', { token: admin, body: { passphrase: PASSPHRASE } });
    expect(set.status).toBe(200);
    expect(await lastAudit(shop)).toMatchObject({
      type: 'Settings',
      details: 'Backup passphrase set: new backups are encrypted',
    });
    countsAtBackup = await tableCounts(shop.db);
    booksAtBackup = await books(shop);
    const made = await backUp(shop, admin);
    expect(made.encrypted).toBe(true);
    const audit = await lastAudit(shop);
    expect(audit).toMatchObject({ type: 'Backup', activity: 'Create' });
    expect(audit.details).toContain(`Manual backup ${made.id}`);
    const download = await shop.download(`/api/backupdownload/${made.id}`, admin);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${made.id}"`);
    expect(await lastAudit(shop)).toMatchObject({ activity: 'Download', details: `Downloaded backup ${made.id}` });
    file = download.bytes;
    expect(file.length).toBe(made.size);
    // The passphrase is never in the file, sealed or not.
    expect(file.toString('latin1')).not.toContain(PASSPHRASE);
  });

  it('is refused with a wrong passphrase, a cut file or a newer schema, and nothing changes', async () => {
    const freshAdmin = await fresh.signIn();
    const before = await tableCounts(fresh.db);
    const beforeBooks = await books(fresh);
    const wrong = await upload(fresh, freshAdmin, file, 'Mango tree by the river');
    expect(wrong).toMatchObject({ status: 422, body: { message: 'The passphrase is wrong.' } });
    const none = await upload(fresh, freshAdmin, file);
    expect(none).toMatchObject({ status: 422, body: { message: 'This backup is encrypted: enter its passphrase.' } });
    const cut = await upload(fresh, freshAdmin, file.subarray(0, file.length - 100), PASSPHRASE);
    expect(cut).toMatchObject({ status: 422, body: { message: 'The backup file is damaged or incomplete.' } });
    const flipped = Buffer.from(file);
    flipped[flipped.length - 40] = (flipped[flipped.length - 40] as number) ^ 0xff;
    const bitRot = await upload(fresh, freshAdmin, flipped, PASSPHRASE);
    expect(bitRot).toMatchObject({ status: 422, body: { message: 'The backup file is damaged or incomplete.' } });
    const newer = Buffer.from(
      file.toString('latin1').replace(/"schema":"[^"]+"/, '"schema":"999_from_the_future"'),
      'latin1',
    );
    const future = await upload(fresh, freshAdmin, newer, PASSPHRASE);
    expect(future).toMatchObject({
      status: 422,
      body: {
        message:
          'This backup comes from a newer version of Duka. Update Duka to the version that made it, then restore it.',
      },
    });
    const junk = await upload(fresh, freshAdmin, Buffer.from('PK\u0003\u0004 not a backup'));
    expect(junk).toMatchObject({ status: 422, body: { message: 'This file is not a Duka backup.' } });
    expect(await tableCounts(fresh.db)).toEqual(before);
    expect(await books(fresh)).toEqual(beforeBooks);
    // Still signed in: a refused restore ends no session.
    expect((await fresh.call('GET', '/api/backuplist', { token: freshAdmin })).status).toBe(200);
  });

  it('brings back every table, the books to the shilling, and the users with their passwords', async () => {
    const freshAdmin = await fresh.signIn();
    const closedMonthsVersion = async (app: TestApp) =>
      (await app.db.selectFrom('closed_months_version').select('version').executeTakeFirstOrThrow()).version;
    const versionsBefore = [await closedMonthsVersion(shop), await closedMonthsVersion(fresh)];
    const res = await upload(fresh, freshAdmin, file, PASSPHRASE);
    expect(res, JSON.stringify(res.body)).toMatchObject({
      status: 200,
      body: { success: true, message: 'Backup restored successfully! Everyone has been signed out.' },
    });
    const after = await tableCounts(fresh.db);
    // Sessions end; the restore adds its own audit row; the machine's backup settings row stays the fresh one's.
    expect(after).toEqual({
      ...countsAtBackup,
      sessions: 0,
      audit_logs: (countsAtBackup.audit_logs as number) + 1,
      settings: (countsAtBackup.settings as number) - 1,
    });
    expect(await books(fresh)).toEqual(booksAtBackup);
    expect(await fresh.db.selectFrom('sale_items').select('id').execute()).toHaveLength(4);
    // Sums of ended months kept under any version seen before are not taken for the restored rows'.
    expect(versionsBefore).not.toContain(await closedMonthsVersion(fresh));
    expect(await unbalancedBatches(fresh)).toEqual([]);
    const restoreAudit = await lastAudit(fresh);
    expect(restoreAudit).toMatchObject({ type: 'Backup', activity: 'Restore' });
    expect(restoreAudit.details).toContain('every table replaced');
    // Every session ended, the restorer's too.
    expect(await fresh.call('GET', '/api/backuplist', { token: freshAdmin })).toMatchObject({ status: 401 });
    // The cashier's changed password came with the backup; the template's old one no longer opens.
    expect(await fresh.signIn(DEMO_CASHIER.email, CASHIER_NEW_PASSWORD)).toMatch(/./);
    const old = await fresh.call('POST', '/api/login', {
      body: { email: DEMO_CASHIER.email, password: DEMO_CASHIER.password },
    });
    expect(old.status).toBe(401);
    const security = await fresh.call('GET', '/api/securitysettingslist', { token: await fresh.signIn() });
    expect(security.body.data.security_settings_history_counts).toBe(7);
    // New records continue after the restored ones rather than clashing with them.
    const next = await fresh.call('POST', '/api/categorystore', {
      token: await fresh.signIn(),
      body: { name: 'After the restore', environment: 'PRODUCTION' },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
  });
});

describe('a backup taken while 20 sales are being made', () => {
  it('restores to a consistent state: every balance is received less sold less written off', async () => {
    const catalogue = await makeCatalogue(shop, admin, 'Iron sheets 28g');
    const batch = await receiveBatch(shop, admin, catalogue, { quantity: 500, sale_price: 42_000 });
    await shop.call('POST', '/api/backupsettingsstore', { token: admin, body: { passphrase: '' } });
    const sales = Array.from({ length: 20 }, (_, i) =>
      saleAt(shop, i % 2 ? cashier : admin, new Date().toISOString(), [[batch, 1 + (i % 3)]]),
    );
    const during = backUp(shop, admin);
    const [made] = await Promise.all([during, ...sales]);
    const bytes = (await shop.download(`/api/backupdownload/${made.id}`, admin)).bytes;
    const target = await createTestApp();
    try {
      const res = await upload(target, await target.signIn(), bytes);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await unbalancedBatches(target)).toEqual([]);
      const { rows } = await sql<{ sold: number; lines: number }>`
        select b.quantity_sold::float as sold, coalesce((select sum(quantity) from sale_items where batch_id = b.id), 0)::float as lines
        from stock_batches b where batch_number = ${batch.batch_number}`.execute(target.db);
      expect(rows[0]?.sold).toBe(rows[0]?.lines);
      // Each sale is there whole or not at all.
      const { rows: partial } = await sql`
        select s.id from sales s where not exists (select 1 from sale_items i where i.sale_id = s.id)`.execute(
        target.db,
      );
      expect(partial).toEqual([]);
      // The tills sell on after the restore: the rows the database keeps per stock date and supplier continue after
      // the restored ones rather than clashing with them.
      const restoredAdmin = await target.signIn();
      for (let i = 0; i < 5; i++) await postSale(target, restoredAdmin, [[batch, 1]], { paymentMethod: 'CASH' });
    } finally {
      await target.close();
    }
  });
});
