import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectKeyNeeded } from '../../../test/catalogue-fixtures.ts';
import { signedInApp } from '../../../test/crud-contract.ts';
import type { TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: string;
let cashier: string;
let adminId: number;
let roleId: number;

beforeAll(async () => {
  ({ t, admin, cashier, adminId } = await signedInApp());
  // Some history: a role created and renamed.
  roleId = (await t.call('POST', '/api/rolestore', { token: admin, body: { name: 'Auditors', environment: 'TEST' } }))
    .body.data.id;
  await t.call('PUT', `/api/roleupdate/${roleId}`, { token: admin, body: { name: 'Internal Auditors' } });
});
afterAll(() => t.close());

const NOT_FOUND = { success: false, message: 'Log entry not found.' };

const list = (query = '') => t.call('GET', `/api/applicationloglist${query}`, { token: admin });
const logId = async (activity: string, type: string) =>
  (
    await t.db
      .selectFrom('audit_logs')
      .select('id')
      .where('activity', '=', activity)
      .where('type', '=', type)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;
/** Writes an entry at a given instant, as if it had happened then. */
const insertAt = async (at: string, details: string) =>
  (
    await t.db
      .insertInto('audit_logs')
      .values({
        type: 'Test',
        activity: 'Dated',
        details,
        browser: 'Firefox 120',
        platform: 'Windows',
        ip: '10.0.0.9',
        user_id: null,
        created_at: new Date(at),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const download = (path: string, token?: string) => t.download(path, token);
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Kampala', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(new Date())
    .replace(/-/g, '_');
const HEADER = ['Type', 'Activity', 'Details', 'Browser', 'Platform', 'IP', 'User', 'Date'];

describe('GET /api/applicationlogcolumns', () => {
  it('refuses a missing token and a user without applicationLogs', async () => {
    await expectKeyNeeded(t, 'GET', '/api/applicationlogcolumns', cashier);
  });

  it('answers the distinct types and activities, sorted', async () => {
    const res = await t.call('GET', '/api/applicationlogcolumns', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const types = res.body.types.map((x: { type: string }) => x.type);
    const activities = res.body.activities.map((x: { activity: string }) => x.activity);
    expect(types).toEqual(expect.arrayContaining(['Authentication', 'Role']));
    expect(activities).toEqual(expect.arrayContaining(['Sign in', 'Create', 'Update']));
    expect(types).toEqual([...new Set(types)].sort());
    expect(activities).toEqual([...new Set(activities)].sort());
    expect(res.body.types[0]).toEqual({ type: types[0] });
  });
});

describe('GET /api/applicationloglist', () => {
  it('refuses a missing token, a user without applicationLogs and bad filters', async () => {
    await expectKeyNeeded(t, 'GET', '/api/applicationloglist', cashier);
    const size = await list('?pagination_size=11');
    expect(size.status).toBe(422);
    expect(size.body.message).toBe('The page size must be one of 5, 10, 25, 50, 100.');
    const start = await list('?startDate=22/11/2026');
    expect(start.status).toBe(422);
    expect(start.body).toMatchObject({ success: false, message: 'The start date must be a date (YYYY-MM-DD).' });
    // (The shared isoDate rule may say its message twice when both of its checks fail.)
    expect(Object.keys(start.body.errors)).toEqual(['startDate']);
    expect(new Set(start.body.errors.startDate)).toEqual(new Set(['The start date must be a date (YYYY-MM-DD).']));
    const end = await list('?endDate=2026-02-30');
    expect(end.status).toBe(422);
    expect(end.body.errors).toEqual({ endDate: ['The end date must be a date (YYYY-MM-DD).'] });
  });

  it('lists entries newest first with the user, client and shop-time date', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, current_page: 1, per_page: 10 });
    const all = await t.db.selectFrom('audit_logs').select('id').orderBy('id', 'desc').execute();
    expect(res.body.total).toBe(all.length);
    expect(res.body.data.map((l: { id: number }) => l.id)).toEqual(all.slice(0, 10).map((l) => l.id));
    const update = res.body.data.find((l: { activity: string }) => l.activity === 'Update');
    expect(update).toMatchObject({
      type: 'Role',
      activity: 'Update',
      details: `Role ${roleId} from: {"name":"Auditors"} to: {"name":"Internal Auditors"}`,
      browser: 'Chrome 140',
      platform: 'Linux',
      ip: '127.0.0.1',
      user: { name: 'Administrator' },
    });
    expect(update.formatted_created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('filters by type and activity and searches the details', async () => {
    const roles = await list('?type=Role');
    expect(roles.body.total).toBe(2);
    expect(roles.body.data.map((l: { activity: string }) => l.activity)).toEqual(['Update', 'Create']);
    const updates = await list('?type=Role&activity=Update');
    expect(updates.body.data).toHaveLength(1);
    expect(updates.body.data[0].details).toMatch(
      /^Role \d+ from: \{"name":"Auditors"\} to: \{"name":"Internal Auditors"\}$/,
    );
    const signIns = await list('?activity=Sign%20in');
    expect(signIns.body.total).toBe(2);
    expect(signIns.body.data.every((l: { type: string }) => l.type === 'Authentication')).toBe(true);
    const none = await list('?type=Nothing');
    expect(none.body).toMatchObject({ total: 0, data: [], from: null, to: null });
    const blank = await list('?type=&activity=&startDate=&endDate=');
    expect(blank.status).toBe(200);
    expect(blank.body.total).toBe((await list()).body.total);
    const search = await list('?search=internal%20auditors');
    expect(search.body.data.map((l: { activity: string }) => l.activity)).toEqual(['Update']);
    const byUser = await list('?search=Grace');
    expect(byUser.body.data.length).toBeGreaterThan(0);
    expect(byUser.body.data.every((l: { user: { name: string } }) => l.user?.name === 'Grace Namutebi')).toBe(true);
  });

  it("filters by the shop's days, including the last day", async () => {
    // 21:30 UTC on 10 March is 00:30 on 11 March in Kampala (UTC+3); 20:59 UTC is still 10 March there.
    const late = await insertAt('2025-03-10T21:30:00Z', 'just after midnight');
    const early = await insertAt('2025-03-10T20:59:00Z', 'just before midnight');
    const next = await insertAt('2025-03-11T20:59:59Z', 'last second of the 11th');
    const ids = async (query: string) =>
      (await list(`?type=Test&pagination_size=100${query}`)).body.data.map((l: { id: number }) => l.id);
    expect(await ids('&startDate=2025-03-11&endDate=2025-03-11')).toEqual([next, late]);
    expect(await ids('&endDate=2025-03-10')).toEqual([early]);
    expect(await ids('&startDate=2025-03-10&endDate=2025-03-10')).toEqual([early]);
    expect(await ids('&startDate=2025-03-11')).toEqual([next, late]);
    expect(await ids('&startDate=2025-03-12')).toEqual([]);
    const shown = (await t.call('GET', `/api/applicationlog/${late}`, { token: admin })).body.data;
    expect(shown.formatted_created_at).toBe('2025-03-11 00:30:00');
    expect(shown.user).toBeNull();
  });
});

describe('GET /api/applicationlog/:id', () => {
  it('refuses a missing token, a user without applicationLogs and an unknown id', async () => {
    const id = await logId('Create', 'Role');
    await expectKeyNeeded(t, 'GET', `/api/applicationlog/${id}`, cashier);
    expect(await t.call('GET', '/api/applicationlog/999999', { token: admin })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
  });

  it('shows one entry', async () => {
    const id = await logId('Create', 'Role');
    const res = await t.call('GET', `/api/applicationlog/${id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data).toMatchObject({
      id,
      type: 'Role',
      activity: 'Create',
      details: `Created role "Auditors" (id ${roleId})`,
      browser: 'Chrome 140',
      platform: 'Linux',
      ip: '127.0.0.1',
      user: { name: 'Administrator' },
    });
    const row = await t.db.selectFrom('audit_logs').select('user_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(adminId);
  });
});

describe('GET /api/applicationlogxlsx/:id and /api/applicationlogcsv/:id', () => {
  it('refuse a missing token, a user without applicationLogs and an unknown id', async () => {
    const id = await logId('Update', 'Role');
    for (const format of ['xlsx', 'csv']) {
      expect((await download(`/api/applicationlog${format}/${id}`)).status).toBe(401);
      expect((await download(`/api/applicationlog${format}/${id}`, cashier)).status).toBe(403);
      const unknown = await t.call('GET', `/api/applicationlog${format}/999999`, { token: admin });
      expect(unknown).toMatchObject({ status: 404, body: NOT_FOUND });
    }
  });

  it('export the entry with its from/to details', async () => {
    const id = await logId('Update', 'Role');
    const shown = (await t.call('GET', `/api/applicationlog/${id}`, { token: admin })).body.data;
    const expected = [
      'Role',
      'Update',
      `Role ${roleId} from: {"name":"Auditors"} to: {"name":"Internal Auditors"}`,
      'Chrome 140',
      'Linux',
      '127.0.0.1',
      'Administrator',
      shown.formatted_created_at,
    ];

    const xlsx = await download(`/api/applicationlogxlsx/${id}`, admin);
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(xlsx.headers.get('content-disposition')).toBe(
      `attachment; filename="${today()}_applicationlogs_${id}.xlsx"`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.bytes as never);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER);
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(expected);

    const csv = await download(`/api/applicationlogcsv/${id}`, admin);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${today()}_applicationlogs_${id}.csv"`);
    expect(parse(csv.bytes.toString('utf8'))).toEqual([HEADER, expected]);
  });
});
