// A restore drops each table's indexes while its rows load and builds them again after: the indexes it leaves are
// exactly those there were, and a restore that fails halfway leaves the old indexes and rows in place.
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCatalogue, receiveBatch } from '../../../test/stock-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { readHeader } from '../../platform/backup-format.ts';
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
  const made = await shop.call('POST', '/api/backupstore', { token: admin });
  expect(made.status).toBe(200);
  backup = (await shop.download(`/api/backupdownload/${made.body.data.id}`, admin)).bytes;
});
afterAll(async () => {
  await shop?.close();
});

/** Every index of the schema as pg_indexes defines it, with its tablespace, and every constraint's definition. */
async function indexesOf(t: TestApp) {
  const indexes = await sql<{ tablename: string; indexname: string; indexdef: string; tablespace: string | null }>`
    select tablename, indexname, indexdef, tablespace from pg_indexes
    where schemaname = current_schema() order by tablename, indexname`.execute(t.db);
  const constraints = await sql<{ tbl: string; name: string; def: string }>`
    select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def from pg_constraint
    where connamespace = current_schema()::regnamespace order by 1, 2`.execute(t.db);
  return { indexes: indexes.rows, constraints: constraints.rows };
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

/** The backup with the first row of `table` written twice (and its count raised): a file that checks, then fails. */
function withRowTwice(file: Buffer, table: string): Buffer {
  const read = readHeader(file);
  if (!read) throw new Error('the backup has no header');
  const lines = gunzipSync(file.subarray(read.length)).toString('utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith(`{"table":${JSON.stringify(table)},`));
  const marker = JSON.parse(lines[at] as string) as { table: string; rows: number };
  expect(marker.rows).toBeGreaterThan(0);
  lines.splice(
    at,
    2,
    JSON.stringify({ table, rows: marker.rows + 1 }),
    lines[at + 1] as string,
    lines[at + 1] as string,
  );
  return Buffer.concat([file.subarray(0, read.length), gzipSync(lines.join('\n'))]);
}

describe('the indexes after a restore', () => {
  it('are exactly those before: names, definitions (partial and expression ones too), tablespaces, constraints', async () => {
    const target = await createTestApp();
    try {
      const before = await indexesOf(target);
      // The schema holds the kinds the restore must carry across: partial, expression and covering indexes.
      const defs = before.indexes.map((i) => i.indexdef);
      expect(defs.some((d) => d.includes(' WHERE '))).toBe(true);
      expect(defs.some((d) => d.includes('lower('))).toBe(true);
      expect(defs.some((d) => d.includes(' INCLUDE '))).toBe(true);
      expect(before.constraints.some((c) => c.def.startsWith('PRIMARY KEY'))).toBe(true);
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
      // The tables before roles load and get their indexes back; roles' primary key then cannot be built.
      const res = await upload(target, withRowTwice(backup, 'roles'), token);
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
});
