// A restore loads each table's rows before building its indexes: one sorted build per index is far cheaper than
// keeping every index up to date row by row as millions of rows come in. Everything here runs in the restore's own
// transaction, so a restore that fails puts the indexes back with the rows, and nobody sees a table without them.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.ts';

type Trx = Transaction<DB> | Kysely<any>;

/** An index or index-backed constraint, as the catalogue defines it, dropped until its table's rows are in. */
interface LiftedIndex {
  name: string;
  /** pg_get_indexdef's CREATE INDEX, or pg_get_constraintdef's PRIMARY KEY / UNIQUE / EXCLUDE clause. */
  def: string;
  is_constraint: boolean;
  /** The index's own tablespace; '' for the database's default (neither definition above names it). */
  tablespace: string;
}

export interface LiftedIndexes {
  table: string;
  indexes: LiftedIndex[];
}

/**
 * Reads the indexes of `table` (the primary key, unique and exclusion constraints with theirs, and every other
 * index, partial and expression ones included) and drops them. An index something else still depends on stays in
 * place: the restore lifts the foreign keys before this, so in Duka's schema nothing does.
 */
export async function liftIndexes(trx: Trx, table: string): Promise<LiftedIndexes> {
  const { rows } = await sql<LiftedIndex>`
    select coalesce(c.conname, i.relname) as name,
           case when c.oid is null then pg_get_indexdef(i.oid) else pg_get_constraintdef(c.oid) end as def,
           c.oid is not null as is_constraint,
           coalesce(t.spcname, '') as tablespace
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    left join pg_constraint c on c.conindid = x.indexrelid and c.conrelid = x.indrelid and c.contype in ('p', 'u', 'x')
    left join pg_tablespace t on t.oid = i.reltablespace
    where x.indrelid = quote_ident(${table})::regclass and x.indisvalid
      and not exists (
        select 1 from pg_depend d
        where (d.refclassid = 'pg_class'::regclass and d.refobjid = x.indexrelid)
           or (d.refclassid = 'pg_constraint'::regclass and d.refobjid = c.oid and d.objid <> x.indexrelid))
    order by x.indisprimary desc, 1`.execute(trx);
  for (const index of rows) {
    if (index.is_constraint) {
      await sql`alter table ${sql.table(table)} drop constraint ${sql.id(index.name)}`.execute(trx);
    } else {
      await sql`drop index ${sql.id(index.name)}`.execute(trx);
    }
  }
  return { table, indexes: rows };
}

/** Builds again, exactly as they were read, the indexes liftIndexes dropped. */
export async function rebuildIndexes(trx: Trx, lifted: LiftedIndexes): Promise<void> {
  const { rows } = await sql<{ tablespace: string }>`
    select current_setting('default_tablespace') as tablespace`.execute(trx);
  const usual = rows[0]?.tablespace ?? '';
  for (const index of lifted.indexes) {
    // Neither definition carries the tablespace: the setting puts the index where it was (pg_dump does the same).
    await sql`select set_config('default_tablespace', ${index.tablespace}, true)`.execute(trx);
    if (index.is_constraint) {
      await sql`alter table ${sql.table(lifted.table)} add constraint ${sql.id(index.name)} ${sql.raw(index.def)}`.execute(
        trx,
      );
    } else {
      await sql.raw(index.def).execute(trx);
    }
  }
  await sql`select set_config('default_tablespace', ${usual}, true)`.execute(trx);
}
