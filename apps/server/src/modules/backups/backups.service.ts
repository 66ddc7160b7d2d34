// Backups: taking one (by hand or on schedule), the list, the passphrase and restoring. One keeper per process holds
// the folder, the progress of the backup running and a lock, so two backups never write at once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { countOf } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { listBackupFiles, newBackupName, pruneBackups } from '../../platform/backup-files.ts';
import { type BackupHeader, checkBackupFile } from '../../platform/backup-format.ts';
import {
  BACKUP_SETTINGS_KEY,
  knownMigrations,
  loadSnapshot,
  type SnapshotProgress,
  writeSnapshot,
} from '../../platform/backup-snapshot.ts';
import { AppError } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';
import { readSettings, writeSettings } from '../../platform/settings-store.ts';

export interface BackupOptions {
  dir: string;
  /** A second folder (USB disk, network share) that receives a copy of every backup. */
  copyDir?: string;
  /** HH:MM in the shop's time zone. */
  time: string;
  timeZone: string;
}

/** The machine's own backup settings: never in a backup, kept through a restore. */
interface StoredBackupSettings {
  passphrase_sealed: string;
  last_failure: { at: string; message: string } | null;
  last_success_at: string | null;
}
const STORED_DEFAULTS: StoredBackupSettings = { passphrase_sealed: '', last_failure: null, last_success_at: null };

const SYSTEM: RequestContext = { userId: null, ip: 'system', userAgent: undefined };

export class BackupKeeper {
  running: SnapshotProgress | null = null;
  private busy: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly secrets: SecretBox,
    readonly options: BackupOptions,
    private readonly log: { error: (obj: object, msg: string) => void } = {
      error: (obj, msg) => console.error(msg, obj),
    },
  ) {}

  /** For tests and a bare app: a fresh folder of its own under the system's temp folder. */
  static inTempDir(db: Database, secrets: SecretBox, timeZone: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'duka-backups-'));
    return new BackupKeeper(db, secrets, { dir, time: '21:00', timeZone });
  }

  readStored(db: Database = this.db) {
    return readSettings<StoredBackupSettings>(db, BACKUP_SETTINGS_KEY, { ...STORED_DEFAULTS });
  }

  async status() {
    const stored = await this.readStored();
    return {
      backups: listBackupFiles(this.options.dir, this.options.copyDir),
      encrypted: stored.passphrase_sealed !== '',
      running: this.running,
      last_failure: stored.last_failure,
      last_success_at: stored.last_success_at,
      time: this.options.time,
      dir: this.options.dir,
      copy_dir: this.options.copyDir ?? null,
    };
  }

  /** One backup or restore at a time in this process (a restore also takes a database lock across nodes). */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.busy.then(work, work);
    this.busy = next.catch(() => undefined);
    return next;
  }

  /**
   * Takes a backup into the folder (then the copy folder), records success or failure on the machine's settings
   * row, and audits it. A failure is also logged and thrown.
   */
  backUp(kind: { automatic: boolean; ctx?: RequestContext; at?: Date }): Promise<{ id: string; header: BackupHeader }> {
    return this.serial(async () => {
      const at = kind.at ?? new Date();
      const { dir, copyDir } = this.options;
      let id = '';
      try {
        fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
        id = newBackupName(dir, this.options.timeZone, at, kind.automatic);
        const target = path.join(dir, id);
        const partial = `${target}.partial`;
        const stored = await this.readStored();
        const passphrase = stored.passphrase_sealed ? this.secrets.open(stored.passphrase_sealed) : undefined;
        if (stored.passphrase_sealed && passphrase === undefined) {
          throw new Error('the backup passphrase cannot be unsealed (was DUKA_SECRET_KEY changed?)');
        }
        this.running = { done: 0, total: 0 };
        let header: BackupHeader;
        try {
          header = await writeSnapshot(this.db, partial, {
            automatic: kind.automatic,
            passphrase,
            at,
            onProgress: (p) => {
              this.running = p;
            },
          });
          fs.renameSync(partial, target);
        } finally {
          fs.rmSync(partial, { force: true });
        }
        const copyError = copyDir ? copyBackup(target, copyDir, id) : undefined;
        const size = fs.statSync(target).size;
        if (kind.automatic) pruneBackups(dir, copyDir);
        await this.db.transaction().execute(async (trx) => {
          const now = new Date().toISOString();
          const failure = copyError ? { at: now, message: `Backup ${id} was made but not copied: ${copyError}` } : null;
          const before = await readSettings<StoredBackupSettings>(trx, BACKUP_SETTINGS_KEY, { ...STORED_DEFAULTS });
          await writeSettings(trx, BACKUP_SETTINGS_KEY, { ...before, last_failure: failure, last_success_at: now });
          await writeAudit(trx, kind.ctx ?? SYSTEM, {
            type: 'Backup',
            activity: 'Create',
            details:
              `${kind.automatic ? 'Automatic' : 'Manual'} backup ${id} (${size} bytes, ` +
              `${header.encrypted ? 'encrypted' : 'not encrypted'}, schema ${header.schema})` +
              (copyDir ? (copyError ? `; copy to ${copyDir} failed` : `; copied to ${copyDir}`) : ''),
          });
        });
        if (copyError) this.log.error({ copyDir }, `backup ${id}: copy failed: ${copyError}`);
        return { id, header };
      } catch (err) {
        const message = (err as Error).message;
        this.log.error({ err }, `backup failed: ${message}`);
        const what = id || `at ${at.toISOString()}`;
        await this.recordFailure(`Backup ${what} failed: ${message}`).catch(() => {});
        throw err;
      } finally {
        this.running = null;
      }
    });
  }

  private async recordFailure(message: string) {
    await this.db.transaction().execute(async (trx) => {
      const before = await readSettings<StoredBackupSettings>(trx, BACKUP_SETTINGS_KEY, { ...STORED_DEFAULTS });
      const last_failure = { at: new Date().toISOString(), message };
      await writeSettings(trx, BACKUP_SETTINGS_KEY, { ...before, last_failure });
      await writeAudit(trx, SYSTEM, { type: 'Backup', activity: 'Failure', details: message });
    });
  }

  hasAutomaticFor(day: string): boolean {
    if (!fs.existsSync(this.options.dir)) return false;
    const prefix = `duka-${day.replace(/-/g, '')}-`;
    return fs.readdirSync(this.options.dir).some((n) => n.startsWith(prefix) && n.endsWith('-auto.dukabackup'));
  }

  /** The path of a backup in the folder, or a 404. */
  fileOf(id: string): string {
    const file = path.join(this.options.dir, id);
    if (!fs.existsSync(file)) throw new AppError('not_found', 'Backup not found.');
    return file;
  }

  async auditDownload(id: string, ctx: RequestContext) {
    await writeAudit(this.db, ctx, { type: 'Backup', activity: 'Download', details: `Downloaded backup ${id}` });
  }

  async savePassphrase(passphrase: string, ctx: RequestContext) {
    await this.db.transaction().execute(async (trx) => {
      const before = await readSettings<StoredBackupSettings>(trx, BACKUP_SETTINGS_KEY, { ...STORED_DEFAULTS });
      const sealed = passphrase ? this.secrets.seal(passphrase) : '';
      await writeSettings(trx, BACKUP_SETTINGS_KEY, { ...before, passphrase_sealed: sealed });
      await writeAudit(trx, ctx, {
        type: 'Settings',
        activity: 'Update',
        // The passphrase itself, sealed or not, never goes into the log: only what happened to it.
        details: passphrase
          ? `Backup passphrase ${before.passphrase_sealed ? 'changed' : 'set'}: new backups are encrypted`
          : 'Backup passphrase removed: new backups are not encrypted',
      });
    });
  }

  /**
   * Replaces the whole database with the backup file at `file`: the file is read through and checked first, as a
   * stream (422 and nothing changed on a wrong passphrase, a damaged or cut file or a newer schema); then one
   * transaction reads it again as it loads it, ends every session and writes the audit row. Memory does not grow
   * with the file.
   */
  restore(file: string, passphrase: string | undefined, source: string, ctx: RequestContext) {
    return this.serial(async () => {
      const checked = await checkBackupFile(file, passphrase, knownMigrations());
      try {
        await this.db.transaction().execute(async (trx) => {
          await loadSnapshot(trx, checked);
          // The person restoring may not exist in the backup's users: the row then names nobody.
          const actor = ctx.userId
            ? await trx.selectFrom('users').select('id').where('id', '=', ctx.userId).executeTakeFirst()
            : undefined;
          const rows = [...checked.tables.values()].reduce((n, r) => n + r, 0);
          await writeAudit(
            trx,
            { ...ctx, userId: actor?.id ?? null },
            {
              type: 'Backup',
              activity: 'Restore',
              details:
                `Restored ${source} taken ${checked.header.created_at} (schema ${checked.header.schema}): ` +
                `every table replaced (${countOf(checked.tables.size, 'table')}, ${countOf(rows, 'row')}); every session ended`,
            },
          );
        });
      } catch (err) {
        if (err instanceof AppError) throw err;
        this.log.error({ err }, `restore of ${source} failed`);
        const message = `The backup could not be restored, and nothing was changed: ${(err as Error).message}`;
        throw new AppError('invalid', message, { file: [message] });
      }
      return checked.header;
    });
  }
}

function copyBackup(file: string, copyDir: string, id: string): string | undefined {
  try {
    fs.mkdirSync(copyDir, { recursive: true });
    const partial = path.join(copyDir, `${id}.partial`);
    fs.copyFileSync(file, partial);
    fs.renameSync(partial, path.join(copyDir, id));
    return undefined;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Counts of every table, for checks (tests, the CLI's summary). */
export async function tableCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of rows) {
    const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(name)}`.execute(db);
    counts[name] = r.rows[0]?.n ?? 0;
  }
  return counts;
}
