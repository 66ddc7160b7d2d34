// Taking a snapshot of the whole database into a backup file, and putting one back. Both go through the driver (the
// embedded server ships no pg_dump, and a managed server may not allow it), so they work the same with DATABASE_URL.
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/connection.ts';
import { migrations } from '../db/migrations/index.ts';
import type { DB } from '../db/schema.ts';
import {
  BACKUP_FORMAT,
  type BackupHeader,
  type CheckedBackup,
  createSealCipher,
  headerBytes,
  prepareSealing,
  readPayload,
} from './backup-format.ts';
import { type LiftedIndexes, liftIndexes, rebuildIndexes } from './backup-indexes.ts';
import { AppError } from './errors.ts';

/** Never in a backup: Kysely's own bookkeeping (carried in the header) and sessions (a restore ends them all). */
const NOT_SNAPSHOT = new Set(['kysely_migration', 'kysely_migration_lock', 'sessions']);
/** The settings row of the backups themselves (the sealed passphrase, the last failure) stays with the machine. */
export const BACKUP_SETTINGS_KEY = 'backup';
const ROW_FILTERS: Record<string, ReturnType<typeof sql>> = {
  settings: sql`where key <> ${BACKUP_SETTINGS_KEY}`,
};
const FETCH_ROWS = 2000;
/**
 * A backup runs while the tills sell, on the same cores: after each batch of rows it waits three times as long as the
 * batch took (the database's work, the server's and the compression's), so it takes at most about a quarter of the CPU
 * it could, and sales keep most of theirs: with 20 tills selling, a pause as long as the batch cost them a fifth of
 * their sales, three times as long a tenth (bench/measurements.md). On an idle machine it takes four times as long,
 * which a nightly backup can afford.
 */
const PAUSE_PER_BUSY = 3;
/**
 * gzip's fastest level: the compression runs beside the sales on a shop's few cores, and level 6 cost about three
 * times the CPU for a file a fifth smaller.
 */
const GZIP_LEVEL = 1;
const INSERT_BATCH_CHARS = 4 * 1024 * 1024;
/** Memory for each index build of a restore (its transaction's alone): fewer passes over a big table's sort. */
const INDEX_BUILD_MEMORY = '256MB';

type Trx = Transaction<DB> | Kysely<any>;

async function appTables(trx: Trx): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select tablename as name from pg_tables where schemaname = current_schema() order by tablename`.execute(trx);
  return rows.map((r) => r.name).filter((name) => !name.startsWith('kysely_migration'));
}

export interface SnapshotProgress {
  done: number;
  total: number;
}

/**
 * Writes a backup of the whole database to `target`. One REPEATABLE READ, READ ONLY transaction sees every table at
 * the same instant (a sale is in it whole or not at all) and takes no lock that a sale waits for.
 */
export async function writeSnapshot(
  db: Database,
  target: string,
  options: { automatic: boolean; passphrase?: string; at: Date; onProgress?: (p: SnapshotProgress) => void },
): Promise<BackupHeader> {
  const sealing = await prepareSealing(options.passphrase);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const applied = await sql<{ name: string; timestamp: string }>`
        select name, timestamp from kysely_migration order by name`.execute(trx);
      const tables = (await appTables(trx)).filter((t) => !NOT_SNAPSHOT.has(t));
      const header: BackupHeader = {
        format: BACKUP_FORMAT,
        schema: applied.rows.at(-1)?.name ?? '',
        migrations: applied.rows,
        created_at: options.at.toISOString(),
        automatic: options.automatic,
        tables: tables.length,
        ...sealing.fields,
      };
      const head = headerBytes(header);
      const out = fs.createWriteStream(target, { flags: 'wx', mode: 0o600 });
      out.write(head);
      const gzip = createGzip({ level: GZIP_LEVEL });
      const cipher = sealing.key && createSealCipher(sealing.key, sealing.iv, head);
      const source = Readable.from(payloadLines(trx, tables, options.onProgress));
      if (cipher) await pipeline(source, gzip, cipher, out);
      else await pipeline(source, gzip, out);
      if (cipher) await fs.promises.appendFile(target, cipher.getAuthTag());
      return header;
    });
}

async function* payloadLines(trx: Trx, tables: string[], onProgress?: (p: SnapshotProgress) => void) {
  for (const [index, table] of tables.entries()) {
    const filter = ROW_FILTERS[table] ?? sql``;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} ${filter}`.execute(
      trx,
    );
    yield `${JSON.stringify({ table, rows: rows[0]?.n ?? 0 })}\n`;
    // A cursor keeps memory flat on a big table; the count above and these rows see the same snapshot.
    await sql`declare backup_rows no scroll cursor for
      select row_to_json(t)::text as r from ${sql.table(table)} t ${filter}`.execute(trx);
    let resumed = performance.now();
    for (;;) {
      const batch = await sql<{ r: string }>`fetch forward ${sql.raw(String(FETCH_ROWS))} from backup_rows`.execute(
        trx,
      );
      if (batch.rows.length === 0) break;
      // The previous batch's compression and writing happened while this generator waited for the pipeline to ask
      // for more: the time since it resumed covers all of a batch's work.
      yield `${batch.rows.map((row) => row.r).join('\n')}\n`;
      const busy = performance.now() - resumed;
      await new Promise((resolve) => setTimeout(resolve, busy * PAUSE_PER_BUSY));
      resumed = performance.now();
    }
    await sql`close backup_rows`.execute(trx);
    onProgress?.({ done: index + 1, total: tables.length });
  }
  yield `${JSON.stringify({ end: true, tables: tables.length })}\n`;
}

// In the order the migrator applies them (by name), whatever the order of the index's keys.
const MIGRATION_NAMES = Object.keys(migrations).sort();
export const knownMigrations = (): readonly string[] => MIGRATION_NAMES;

/**
 * Replaces every table's rows with the backup's, in the caller's transaction: rebuilds the schema at the backup's
 * version when it is older, loads the rows with the foreign keys lifted (re-added, and so checked, at the end) and
 * each table's indexes built once its rows are in (backup-indexes.ts), sets
 * every sequence past its table's rows, migrates forward, and ends every session. The backups' own settings row
 * stays as it was on this machine. The rows are read from the checked file again, a batch at a time; anything
 * unlike the checking pass throws, and the caller's transaction rolls back.
 */
export async function loadSnapshot(trx: Transaction<DB>, checked: CheckedBackup): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('duka-restore'))`.execute(trx);
  const backupIndex = MIGRATION_NAMES.indexOf(checked.header.schema);
  const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(trx);
  if (applied.rows.at(-1)?.name !== checked.header.schema) await rebuildSchemaAt(trx, backupIndex);

  const tables = await appTables(trx);
  const missing = [...checked.tables.keys()].find((t) => !tables.includes(t));
  if (missing) {
    throw new AppError('invalid', `The backup holds a table this version does not know (${missing}).`, {
      file: [`The backup holds a table this version does not know (${missing}).`],
    });
  }
  const kept = await trx.selectFrom('settings').selectAll().where('key', '=', BACKUP_SETTINGS_KEY).execute();
  const foreignKeys = await sql<{ tbl: string; name: string; def: string }>`
    select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
    from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(trx);
  for (const fk of foreignKeys.rows) {
    await sql`alter table ${sql.raw(fk.tbl)} drop constraint ${sql.id(fk.name)}`.execute(trx);
  }
  await sql`truncate ${sql.join(tables.map((t) => sql.table(t)))}`.execute(trx);
  const paused = await pauseUserTriggers(trx, tables);
  await sql`set local maintenance_work_mem = ${sql.lit(INDEX_BUILD_MEMORY)}`.execute(trx);
  const loaded = new Map<string, number>();
  // Each table's indexes are dropped before its rows load and built once they are all in, before the next table:
  // the tables that follow find the earlier ones indexed.
  let lifted: LiftedIndexes | undefined;
  for await (const piece of readingAhead(readPayload(checked, { batchChars: INSERT_BATCH_CHARS }))) {
    if ('rows' in piece) {
      if (lifted) await rebuildIndexes(trx, lifted);
      lifted = piece.rows > 0 ? await liftIndexes(trx, piece.table) : undefined;
      loaded.set(piece.table, 0);
    } else {
      await insertRows(trx, piece.table, piece.batch);
      loaded.set(piece.table, (loaded.get(piece.table) ?? 0) + piece.batch.length);
    }
  }
  if (lifted) await rebuildIndexes(trx, lifted);
  // The file read now as it was when checked: the same tables with the same rows.
  if (loaded.size !== checked.tables.size || [...loaded].some(([t, n]) => checked.tables.get(t) !== n)) {
    throw new Error('the backup file changed while it was being restored');
  }
  await resumeUserTriggers(trx, paused);
  for (const fk of foreignKeys.rows) {
    await sql`alter table ${sql.raw(fk.tbl)} add constraint ${sql.id(fk.name)} ${sql.raw(fk.def)}`.execute(trx);
  }
  await resetSequences(trx);

  await sql`delete from kysely_migration`.execute(trx);
  for (const m of checked.header.migrations) {
    await sql`insert into kysely_migration (name, timestamp) values (${m.name}, ${m.timestamp})`.execute(trx);
  }
  for (const name of MIGRATION_NAMES.slice(backupIndex + 1)) await applyMigration(trx, name);
  for (const row of kept) {
    await trx
      .insertInto('settings')
      .values({ key: row.key, value: JSON.stringify(row.value) })
      .execute();
  }
  // The ended months' sums a server keeps in memory are of the rows replaced (migration 046): a version the backup
  // brings back may have been kept for other rows, of a month still open when the backup was made.
  await sql`update closed_months_version set version = gen_random_uuid()`.execute(trx);
  // The planner's statistics of the new rows, so the first reports after the restore do not wait for autovacuum.
  await sql`analyze ${sql.join((await appTables(trx)).map((t) => sql.table(t)))}`.execute(trx);
}

/**
 * Triggers off while the rows load: the sale totals and line rollups kept by them (migrations 020, 021) come in the
 * backup as they were in its snapshot, and counting the restored lines into them again would count them twice.
 * Returns what resumeUserTriggers needs to set each back as it was.
 */
async function pauseUserTriggers(trx: Trx, tables: string[]) {
  // Not every user trigger is a plain one (ENABLE ALWAYS, migration 039; or replica-only, or kept off):
  // `enable trigger user` alone would make each plain again.
  const { rows: modes } = await sql<{ tbl: string; name: string; mode: string }>`
    select t.tgrelid::regclass::text as tbl, t.tgname as name, t.tgenabled as mode
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where not t.tgisinternal and t.tgenabled <> 'O' and c.relnamespace = current_schema()::regnamespace`.execute(trx);
  for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger user`.execute(trx);
  return { tables, modes };
}

/** The user triggers pauseUserTriggers turned off, on again in their own modes. */
async function resumeUserTriggers(trx: Trx, { tables, modes }: Awaited<ReturnType<typeof pauseUserTriggers>>) {
  for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(trx);
  for (const t of modes) {
    await sql`alter table ${sql.raw(t.tbl)} ${sql.raw(TRIGGER_MODES[t.mode] ?? 'enable')} trigger ${sql.id(t.name)}`.execute(
      trx,
    );
  }
}

const TRIGGER_MODES: Record<string, string> = { A: 'enable always', R: 'enable replica', D: 'disable' };

/**
 * The pieces of `source`, the next one read while the caller works on the current: the file's inflating and cutting
 * into rows (this process) runs beside the insert of the batch before (the database's), on another core. At most two
 * batches are held at once.
 */
async function* readingAhead<T>(source: AsyncIterable<T>): AsyncGenerator<T> {
  const pieces = source[Symbol.asyncIterator]();
  let next = pieces.next();
  // Handled now, thrown where it is awaited: a damaged file found while the caller works is not an unhandled error.
  next.catch(() => {});
  try {
    for (;;) {
      const current = await next;
      if (current.done) return;
      next = pieces.next();
      next.catch(() => {});
      yield current.value;
    }
  } finally {
    // The caller stopped early (a failed insert): the read in flight ends, and the file is closed.
    await next.catch(() => {});
    await pieces.return?.(undefined);
  }
}

/** One batch of rows (about INSERT_BATCH_CHARS characters, as readPayload cuts them) in one statement. */
async function insertRows(trx: Trx, table: string, batch: string[]) {
  if (batch.length === 0) return;
  // json (not jsonb) keeps every number exactly as PostgreSQL wrote it; the table's row type converts each field.
  const text = `[${batch.join(',')}]`;
  await sql`insert into ${sql.table(table)} select * from json_populate_recordset(null::${sql.table(table)}, ${text}::json)`.execute(
    trx,
  );
}

async function resetSequences(trx: Trx) {
  const { rows } = await sql<{ tbl: string; col: string; seq: string }>`
    select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
    from pg_class c join pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = current_schema()::regnamespace and c.relkind = 'r' and a.attnum > 0
      and not a.attisdropped and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`.execute(trx);
  for (const r of rows) {
    await sql`select setval(${r.seq}, coalesce((select max(${sql.id(r.col)}) from ${sql.table(r.tbl)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}

/**
 * An older backup's rows fit an older schema: drop the tables, and the sequences no table owns (migration 018's
 * label numbers), then build them again up to that migration.
 */
async function rebuildSchemaAt(trx: Trx, backupIndex: number) {
  const tables = await appTables(trx);
  if (tables.length > 0) {
    await sql`drop table ${sql.join(tables.map((t) => sql.table(t)))} cascade`.execute(trx);
  }
  const { rows: sequences } = await sql<{ name: string }>`
    select relname as name from pg_class
    where relkind = 'S' and relnamespace = current_schema()::regnamespace`.execute(trx);
  for (const s of sequences) await sql`drop sequence ${sql.id(s.name)}`.execute(trx);
  // And the functions migrations made (sort keys, trigger functions): an extension's own stay.
  const { rows: functions } = await sql<{ signature: string }>`
    select p.oid::regprocedure::text as signature from pg_proc p
    where p.pronamespace = current_schema()::regnamespace
      and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`.execute(trx);
  for (const f of functions) await sql`drop function if exists ${sql.raw(f.signature)} cascade`.execute(trx);
  await sql`delete from kysely_migration`.execute(trx);
  for (const name of MIGRATION_NAMES.slice(0, backupIndex + 1)) await applyMigration(trx, name);
}

async function applyMigration(trx: Trx, name: string) {
  await (migrations[name] as { up: (db: Kysely<any>) => Promise<void> }).up(trx);
  await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(trx);
}
