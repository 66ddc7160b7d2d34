// `npm run restore -- <file>` on a machine with an empty database (a new laptop after a theft): the tables are made,
// the backup goes in, and the shop's sign-in works.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminQuery, withDatabase } from '../../../test/global-setup.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createDatabase, type Database } from '../../db/connection.ts';
import { tableCounts } from './backups.service.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const run = promisify(execFile);
let shop: TestApp;
let empty: Database;
let emptyUrl: string;
let emptyName: string;
let folder: string;

beforeAll(async () => {
  shop = await createTestApp();
  emptyName = `duka_cli_${randomBytes(5).toString('hex')}`;
  await adminQuery(inject('serverUrl'), `CREATE DATABASE ${emptyName}`);
  emptyUrl = withDatabase(inject('serverUrl'), emptyName);
  empty = createDatabase(emptyUrl, 2);
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-cli-'));
});
afterAll(async () => {
  await shop?.close();
  await empty?.destroy();
  await adminQuery(inject('serverUrl'), `DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`);
  fs.rmSync(folder, { recursive: true, force: true });
});

const restore = (file: string, env: Record<string, string>) =>
  run('npm', ['run', '--silent', 'restore', '--', file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: emptyUrl, DUKA_DATA_DIR: folder, ...env },
  }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e) => ({ code: e.code as number, out: e.stdout as string, err: e.stderr as string }),
  );

describe('npm run restore', () => {
  it('refuses a wrong passphrase, then restores into an empty database', async () => {
    const admin = await shop.signIn();
    await shop.call('POST', '/api/backupsettingsstore', { token: admin, body: { passphrase: 'Jinja road 2031' } });
    await shop.call('POST', '/api/categorystore', { token: admin, body: { name: 'Roofing', environment: 'TEST' } });
    const made = await shop.call('POST', '/api/backupstore', { token: admin });
    const file = path.join(folder, made.body.data.id);
    fs.writeFileSync(file, (await shop.download(`/api/backupdownload/${made.body.data.id}`, admin)).bytes);

    const wrong = await restore(file, { DUKA_BACKUP_PASSPHRASE: 'Jinja road 2030' });
    expect(wrong.code).toBe(1);
    expect(wrong.err).toContain('The passphrase is wrong.');

    const counts = await tableCounts(shop.db);
    const ok = await restore(file, { DUKA_BACKUP_PASSPHRASE: 'Jinja road 2031' });
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toMatch(/^Restored the backup taken .* Start Duka again\.$/m);
    const after = await tableCounts(empty);
    expect(after.categories).toBe(counts.categories);
    expect(after.users).toBe(counts.users);
    expect(after.sessions).toBe(0);
    expect(after.kysely_migration).toBe(counts.kysely_migration);
    const audit = await empty.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ type: 'Backup', activity: 'Restore', ip: 'command line', user_id: null });
  });
});
