// The backup folder: file names (the shop's clock, so a person can read them), the list, and what to keep.
import fs from 'node:fs';
import path from 'node:path';
import type { BackupRow } from '@duka/shared';
import { type BackupHeader, readHeader } from './backup-format.ts';
import { mondayOf, shopClock } from './period.ts';

/** duka-YYYYMMDD-HHMMSS-mmm-auto.dukabackup: also the id the calls take, so no path can be smuggled in. */
export const BACKUP_FILE = /^duka-(\d{4})(\d{2})(\d{2})-(\d{6})-(\d{3})(?:-(\d+))?-(auto|manual)\.dukabackup$/;

/** One file in the backup folder, as the list shows it. */
export type BackupFile = BackupRow;

/** A new file's name in `dir`; a second backup in the same millisecond gets a counter rather than a clash. */
export function newBackupName(dir: string, timeZone: string, at: Date, automatic: boolean): string {
  const { day, time } = shopClock(timeZone, at);
  const stem = `duka-${day.replace(/-/g, '')}-${time.replace(/:/g, '')}-${String(at.getUTCMilliseconds()).padStart(3, '0')}`;
  const kind = automatic ? 'auto' : 'manual';
  for (let n = 0; ; n++) {
    const name = `${stem}${n ? `-${n}` : ''}-${kind}.dukabackup`;
    if (!fs.existsSync(path.join(dir, name))) return name;
  }
}

/** The shop day a backup's name carries. */
export const dayOfBackup = (name: string) => {
  const m = BACKUP_FILE.exec(name);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : undefined;
};

export function readBackupHeader(file: string): BackupHeader | undefined {
  const fd = fs.openSync(file, 'r');
  try {
    const start = Buffer.alloc(64 * 1024);
    const n = fs.readSync(fd, start, 0, start.length, 0);
    return readHeader(start.subarray(0, n))?.header;
  } finally {
    fs.closeSync(fd);
  }
}

/** Every backup in the folder, newest first, with whether the copy folder holds the same bytes count. */
export function listBackupFiles(dir: string, copyDir: string | undefined): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  const rows: BackupFile[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!BACKUP_FILE.test(name)) continue;
    const file = path.join(dir, name);
    let header: BackupHeader | undefined;
    let size: number;
    try {
      size = fs.statSync(file).size;
      header = readBackupHeader(file);
    } catch {
      continue; // removed while we looked (retention on another request)
    }
    if (!header) continue;
    rows.push({
      id: name,
      created_at: header.created_at,
      size,
      automatic: header.automatic,
      encrypted: header.encrypted,
      copied: copyDir ? sameSize(path.join(copyDir, name), size) : false,
      schema: header.schema,
    });
  }
  return rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
}

function sameSize(file: string, size: number): boolean {
  try {
    return fs.statSync(file).size === size;
  } catch {
    return false;
  }
}

export interface Retention {
  daily: number;
  weekly: number;
}
export const DEFAULT_RETENTION: Retention = { daily: 14, weekly: 8 };

/**
 * Which automatic backups to keep: the newest of each of the last `daily` days that have one, and the newest of each
 * of the last `weekly` weeks (Monday first). Manual backups are the Administrator's and are never removed here.
 */
export function automaticToKeep(names: string[], retention: Retention): Set<string> {
  const auto = names
    .filter((n) => BACKUP_FILE.exec(n)?.[7] === 'auto')
    .sort()
    .reverse();
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const name of auto) {
    const day = dayOfBackup(name) as string;
    if (!days.has(day) && days.size < retention.daily) {
      days.add(day);
      keep.add(name);
    }
    const week = mondayOf(day);
    if (!weeks.has(week) && weeks.size < retention.weekly) {
      weeks.add(week);
      keep.add(name);
    }
  }
  return keep;
}

/** Removes the automatic backups past retention from the folder and from the copy folder; returns their names. */
export function pruneBackups(dir: string, copyDir: string | undefined, retention = DEFAULT_RETENTION): string[] {
  const names = fs.readdirSync(dir).filter((n) => BACKUP_FILE.test(n));
  const keep = automaticToKeep(names, retention);
  const removed = names.filter((n) => BACKUP_FILE.exec(n)?.[7] === 'auto' && !keep.has(n));
  for (const name of removed) {
    fs.rmSync(path.join(dir, name), { force: true });
    if (copyDir) fs.rmSync(path.join(copyDir, name), { force: true });
  }
  return removed;
}
