// The daily backup on a fast clock: ten weeks of 21:30s in a few seconds, then what retention kept.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { dayOfBackup, listBackupFiles } from '../../platform/backup-files.ts';
import { BackupScheduler } from '../../platform/backup-scheduler.ts';
import { SecretBox } from '../../platform/secret-box.ts';
import { BackupKeeper } from './backups.service.ts';

let t: TestApp;
let root: string;
const silent = { error() {} };

beforeAll(async () => {
  t = await createTestApp();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-scheduler-'));
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const keeperIn = (name: string, copy = true) =>
  new BackupKeeper(
    t.db,
    new SecretBox('test-secret-key'),
    {
      dir: path.join(root, name),
      copyDir: copy ? path.join(root, `${name}-usb`) : undefined,
      time: '21:00',
      timeZone: 'Africa/Kampala',
    },
    silent,
  );

/** A clock that moves one day on each reading, from `start`, and stops on the last of `days`. */
function dailyClock(start: string, days = Number.POSITIVE_INFINITY) {
  const first = new Date(start).getTime();
  let read = 0;
  return () => new Date(first + Math.min(read++, days - 1) * 86_400_000);
}

async function until(check: () => boolean, ms = 60_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the backup scheduler', () => {
  it('waits for the backup time of the shop day, then makes one backup that day', async () => {
    const keeper = keeperIn('once', false);
    let now = new Date('2026-01-05T17:59:00Z'); // 20:59 in Kampala
    const scheduler = new BackupScheduler(keeper, () => now, 1000);
    await scheduler.tick();
    expect(listBackupFiles(keeper.options.dir, undefined)).toHaveLength(0);
    now = new Date('2026-01-05T18:00:00Z'); // 21:00
    await scheduler.tick();
    now = new Date('2026-01-05T20:59:00Z'); // 23:59, same shop day
    await scheduler.tick();
    const files = listBackupFiles(keeper.options.dir, undefined);
    expect(files.map((f) => [f.id, f.automatic])).toEqual([['duka-20260105-210000-000-auto.dukabackup', true]]);
  });

  it('keeps the last 14 daily and 8 weekly backups, in the folder and in its copy', async () => {
    const keeper = keeperIn('daily');
    // Monday 5 January 2026, 21:30 in Kampala; one day later on each tick, for 70 days.
    const scheduler = new BackupScheduler(keeper, dailyClock('2026-01-05T18:30:00Z', 70), 5);
    scheduler.start();
    await until(() => scheduler.made >= 70);
    await new Promise((r) => setTimeout(r, 50)); // ticks on the last day make no second backup
    await scheduler.stop();
    expect(scheduler.made).toBe(70);

    const kept = listBackupFiles(keeper.options.dir, keeper.options.copyDir);
    const days = kept.map((f) => dayOfBackup(f.id)).sort();
    // Daily: 2 to 15 March. Weekly: the Sunday of each of the 8 last weeks (the last two are daily already).
    const daily = Array.from({ length: 14 }, (_, i) => `2026-03-${String(2 + i).padStart(2, '0')}`);
    const weekly = ['2026-01-25', '2026-02-01', '2026-02-08', '2026-02-15', '2026-02-22', '2026-03-01'];
    expect(days).toEqual([...weekly, ...daily]);
    expect(kept.every((f) => f.copied && f.automatic)).toBe(true);
    expect(fs.readdirSync(keeper.options.copyDir as string).sort()).toEqual(kept.map((f) => f.id).sort());
  });

  it('never removes a manual backup', async () => {
    const keeper = keeperIn('manual', false);
    const manual = await keeper.backUp({ automatic: false, at: new Date('2026-01-01T08:00:00Z') });
    const scheduler = new BackupScheduler(keeper, dailyClock('2026-01-05T18:30:00Z'), 1000);
    for (let i = 0; i < 30; i++) await scheduler.tick();
    const ids = listBackupFiles(keeper.options.dir, undefined).map((f) => f.id);
    expect(ids).toContain(manual.id);
    expect(ids).toHaveLength(1 + 14 + 2); // the manual one, 14 days, and the two older weeks' Sundays
  });

  it('records a failed backup for the dashboard banner and the audit log, and tries again later', async () => {
    const blocker = path.join(root, 'a-file');
    fs.writeFileSync(blocker, 'not a folder');
    const keeper = new BackupKeeper(
      t.db,
      new SecretBox('test-secret-key'),
      { dir: path.join(blocker, 'backups'), time: '21:00', timeZone: 'Africa/Kampala' },
      silent,
    );
    let now = new Date('2026-01-05T18:30:00Z');
    const scheduler = new BackupScheduler(keeper, () => now, 1000);
    await scheduler.tick();
    expect(scheduler.made).toBe(0);
    const status = await keeper.status();
    expect(status.last_failure?.message).toMatch(/^Backup at 2026-01-05T18:30:00.000Z failed: ENOTDIR/);
    const audit = await t.db.selectFrom('audit_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ type: 'Backup', activity: 'Failure', ip: 'system' });
    // Five minutes later it does not try again (a failure a minute would flood the log); fifteen minutes later it does.
    now = new Date('2026-01-05T18:35:00Z');
    await scheduler.tick();
    expect(await t.db.selectFrom('audit_logs').select('id').where('activity', '=', 'Failure').execute()).toHaveLength(
      1,
    );
    now = new Date('2026-01-05T18:46:00Z');
    await scheduler.tick();
    expect(await t.db.selectFrom('audit_logs').select('id').where('activity', '=', 'Failure').execute()).toHaveLength(
      2,
    );
  });
});
