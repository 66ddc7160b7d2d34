// A restore drops each table's indexes while its rows load and builds them again after: the indexes it leaves are
// exactly those there were, and a restore that fails halfway leaves the old indexes and rows in place.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadedBackup } from '../../../test/backup-fixtures.ts';
import { makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkBackupFile, readHeader } from '../../platform/backup-format.ts';
import { knownMigrations, loadSnapshot } from '../../platform/backup-snapshot.ts';
import { tableCounts } from './backups.service.ts';

let shop: TestApp;
let admin: string;
/** A backup of the shop: a category, a product and a batch beside what a fresh instance holds. */
let backup: Buffer;

beforeAll(async () => {
  shop = await createTestApp();
  admin = await shop.signIn();
  const catalogue = await makeCatalogue(shop, admin, 'Roofing nails 3in');
  await receiveBatch(shop, admin, catalogue, { quantity: 40, unit_price: 9_000, sale_price: 11_500 });
  backup = await downloadedBackup(shop, admin);
});
afterAll(async () => {
  await shop?.close();
});

/** Every index as pg_indexes defines it, with its tablespace; every constraint's definition; every trigger's mode. */
async function indexesOf(t: TestApp) {
  const indexes = await sql<{ tablename: string; indexname: string; indexdef: string; tablespace: string | null }>`
    select tablename, indexname, indexdef, tablespace from pg_indexes
    where schemaname = current_schema() order by tablename, indexname`.execute(t.db);
  const constraints = await sql<{ tbl: string; name: string; def: string }>`
    select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where connamespace = current_schema()::regnamespace order by 1, 2`.execute(t.db);
  // And the triggers' modes: the load turns them off, and one fires in replica mode too (ENABLE ALWAYS).
  const triggers = await sql<{ tbl: string; name: string; mode: string }>`
    select tgrelid::regclass::text as tbl, tgname as name, tgenabled as mode from pg_trigger
    where not tgisinternal order by 1, 2`.execute(t.db);
  return { indexes: indexes.rows, constraints: constraints.rows, triggers: triggers.rows };
}

async function upload(t: TestApp, bytes: Buffer, token?: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'shop.dukabackup');
  const res = await fetch(`${t.url}/api/backuprestore`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token ?? (await t.signIn())}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** The backup with the rows of `table` changed by `change` (and its count with them). */
function withRowsOf(file: Buffer, table: string, change: (rows: string[]) => string[]): Buffer {
  const read = readHeader(file);
  if (!read) throw new Error('the backup has no header');
  const lines = gunzipSync(file.subarray(read.length)).toString('utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith(`{"table":${JSON.stringify(table)},`));
  const marker = JSON.parse(lines[at] as string) as { table: string; rows: number };
  expect(marker.rows).toBeGreaterThan(0);
  const rows = change(lines.slice(at + 1, at + 1 + marker.rows));
  lines.splice(at, 1 + marker.rows, JSON.stringify({ table, rows: rows.length }), ...rows);
  return Buffer.concat([file.subarray(0, read.length), gzipSync(lines.join('\n'))]);
}

describe('the indexes after a restore', () => {
  it('are exactly those before: names, definitions (partial and expression ones too), constraints, triggers', async () => {
    const target = await createTestApp();
    try {
      const before = await indexesOf(target);
      // The schema holds the kinds the restore must carry across: partial, expression and covering indexes.
      const defs = before.indexes.map((i) => i.indexdef);
      expect(defs.some((d) => d.includes(' WHERE '))).toBe(true);
      expect(defs.some((d) => d.includes('lower('))).toBe(true);
      expect(defs.some((d) => d.includes(' INCLUDE '))).toBe(true);
      expect(before.constraints.some((c) => c.def.startsWith('PRIMARY KEY'))).toBe(true);
      expect(before.triggers).toContainEqual({ tbl: 'stock_batches', name: 'stock_batches_sort_name', mode: 'A' });
      const res = await upload(target, backup);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await indexesOf(target)).toEqual(before);
      // And they work: a unique index refuses a second live category of the same name.
      const name = await target.db
        .selectFrom('categories')
        .select('name')
        .where('deleted_at', 'is', null)
        .executeTakeFirstOrThrow();
      await expect(
        sql`insert into categories (name, environment) values (${name.name.toUpperCase()}, 'PRODUCTION')`.execute(
          target.db,
        ),
      ).rejects.toThrow(/categories_name_live/);
    } finally {
      await target.close();
    }
  });

  it('are left as they were, with the rows, by a restore that fails halfway', async () => {
    const target = await createTestApp();
    try {
      const token = await target.signIn();
      await target.call('POST', '/api/categorystore', {
        token,
        body: { name: 'Only in the target', environment: 'PRODUCTION' },
      });
      const before = await indexesOf(target);
      const counts = await tableCounts(target.db);
      const categories = await target.db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute();
      // A file that checks: the tables before roles load and get their indexes back; roles' primary key then cannot
      // be built over its first row written twice.
      const res = await upload(
        target,
        withRowsOf(backup, 'roles', (rows) => [rows[0] as string, ...rows]),
        token,
      );
      expect(res.status).toBe(422);
      expect(res.body.message).toMatch(/^The backup could not be restored, and nothing was changed: .*roles_pkey/);
      expect(await indexesOf(target)).toEqual(before);
      expect(await tableCounts(target.db)).toEqual(counts);
      expect(await target.db.selectFrom('categories').select(['id', 'name']).orderBy('id').execute()).toEqual(
        categories,
      );
    } finally {
      await target.close();
    }
  });

  it('are left as they were when the file changes between the check and the load, found once every table is in', async () => {
    const target = await createTestApp();
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-indexes-'));
    try {
      const file = path.join(folder, 'shop.dukabackup');
      fs.writeFileSync(file, backup);
      const checked = await checkBackupFile(file, undefined, knownMigrations());
      // Another file in its place: the same tables, one user fewer.
      fs.writeFileSync(
        file,
        withRowsOf(backup, 'users', (rows) => rows.slice(1)),
      );
      const before = await indexesOf(target);
      const counts = await tableCounts(target.db);
      await expect(target.db.transaction().execute((trx) => loadSnapshot(trx, checked))).rejects.toThrow(
        'the backup file changed while it was being restored',
      );
      expect(await indexesOf(target)).toEqual(before);
      expect(await tableCounts(target.db)).toEqual(counts);
    } finally {
      await target.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
