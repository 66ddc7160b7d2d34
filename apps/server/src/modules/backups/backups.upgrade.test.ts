// A backup from an older version of Duka (a schema before the last migration) is restored into the older schema and
// migrated forward in the same transaction.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../../test/global-setup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createDatabase, type Database } from '../../db/connection.ts';
import { migrations } from '../../db/migrations/index.ts';
import { writeSnapshot } from '../../platform/backup-snapshot.ts';

const names = Object.keys(migrations);
const older = names[names.length - 2] as string;
let app: TestApp;
let old: Database;
let oldName: string;
let folder: string;

beforeAll(async () => {
  app = await createTestApp();
  oldName = `duka_old_${randomBytes(5).toString('hex')}`;
  await adminQuery(inject('serverUrl'), `CREATE DATABASE ${oldName}`);
  old = createDatabase(withDatabase(inject('serverUrl'), oldName), 2);
  const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
  const { error } = await migrator.migrateTo(older);
  if (error) throw error;
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-upgrade-'));
});
afterAll(async () => {
  await app?.close();
  await old?.destroy();
  await adminQuery(inject('serverUrl'), `DROP DATABASE IF EXISTS ${oldName} WITH (FORCE)`);
  fs.rmSync(folder, { recursive: true, force: true });
});

describe('a backup from an older schema', () => {
  it('is restored and migrated forward to the current schema', async () => {
    await sql`insert into roles (name, environment, is_admin) values ('Old Shop Admin', 'PRODUCTION', true)`.execute(
      old,
    );
    await sql`insert into categories (name, environment) values ('Old Cement', 'PRODUCTION')`.execute(old);
    const file = path.join(folder, 'old.dukabackup');
    const header = await writeSnapshot(old, file, { automatic: false, at: new Date() });
    expect(header.schema).toBe(older);

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fs.readFileSync(file))]), 'old.dukabackup');
    const res = await fetch(`${app.url}/api/backuprestore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await app.signIn()}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(app.db);
    expect(applied.rows.map((r) => r.name)).toEqual(names);
    const roles = await app.db.selectFrom('roles').select('name').execute();
    expect(roles).toEqual([{ name: 'Old Shop Admin' }]);
    const categories = await app.db.selectFrom('categories').select('name').execute();
    expect(categories).toEqual([{ name: 'Old Cement' }]);
    // The restore's audit row names nobody: the backup holds no users.
    const audit = await app.db.selectFrom('audit_logs').selectAll().executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ activity: 'Restore', user_id: null });
    expect(audit.details).toContain(`(schema ${older})`);
  });
});
