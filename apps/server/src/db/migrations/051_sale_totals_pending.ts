import { type Kysely, sql } from 'kysely';
import { refreshFunction } from './025_sale_totals_added.ts';
import { FIGURES } from './040_list_paging.ts';

// A sale's money added to the sale totals without rewriting a row every other sale rewrites too.
//
// Until now each sale's commit added its figures to its 15-minute slot's row under the slot's lock, then recomputed
// its day's and month's rows (migrations 025, 040): three rows rewritten by every sale, every till queued on the slot's
// lock. While a backup reads the database in one snapshot (hours at a chain's size), PostgreSQL keeps every old
// version of a row that snapshot might see, so each rewrite of those rows walked all their versions since the backup
// began, inside the queue: the tills' sales per second fell as the backup went on.
//
// Now a sale's commit inserts its figures as a row of `sale_totals_pending`, taking no lock. The rows kept so far
// move to the kept tables (`sale_totals_kept_slots`, `_days`, `_months`, the former tables) when the server folds them
// (`fold_sale_totals`, every few seconds): a few rewrites a minute instead of three a sale. `sale_totals`,
// `sale_totals_days` and `sale_totals_months` are now views summing the kept rows and the pending ones, so every
// reader sees exactly what it saw before, folded or not (`sale_totals_rows`: the slots' rows unsummed).
//
// What keeps the sums exact:
// - a slot recomputed (a sale re-dated, a payment changed, a sale deleted) drops its pending rows in the same
//   statement that reads its sales, so a sale is counted in the kept slot or in a pending row, never in both; a sale
//   still uncommitted at that instant is in neither yet, and its pending row stays;
// - the fold moves a slot's pending rows only under that slot's lock, which a recomputation holds too, and only takes
//   locks it gets at once (a slot busy now is folded next time), so it never waits on a sale or makes one wait;
// - the days and months are still recomputed from the kept slots at the commit of whatever changed them (the fold
//   included), as before.
const typeOf = (figure: string) => (figure === 'sales_count' ? 'int' : figure.endsWith('cost') ? 'numeric' : 'bigint');
/** Each figure summed back into its column's type (a sum of an integer column is wider). */
const summed = (from = '') => sql.raw(FIGURES.map((f) => `sum(${from}${f})::${typeOf(f)} AS ${f}`).join(', '));
const figures = sql.raw(FIGURES.join(', '));
const added = sql.raw(FIGURES.map((f) => `${f} = t.${f} + excluded.${f}`).join(', '));

/** The day's and month's recomputation (migration 040's), from the slot and day tables named. */
const levelFunctions = (slots: string, days: string, months: string) => {
  const [s, d, m] = [slots, days, months].map((name) => sql.table(name));
  const replaced = sql.raw(FIGURES.map((f) => `${f} = excluded.${f}`).join(', '));
  return sql`
    CREATE OR REPLACE FUNCTION refresh_sale_totals_day(d timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(21, (extract(epoch FROM d) / 86400)::int);
      INSERT INTO ${d} AS t
      SELECT d, ${summed()} FROM ${s} WHERE slot >= d AND slot < d + interval '24 hours' HAVING count(*) > 0
      ON CONFLICT (day) DO UPDATE SET ${replaced};
      IF NOT FOUND THEN DELETE FROM ${d} WHERE day = d; END IF;
    END $$;
    CREATE OR REPLACE FUNCTION refresh_sale_totals_month(m timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(22, (extract(year FROM m AT TIME ZONE 'UTC') * 12
                                         + extract(month FROM m AT TIME ZONE 'UTC') - 1)::int);
      INSERT INTO ${m} AS t
      SELECT m, ${summed()} FROM ${d} WHERE day >= m AND day < sale_totals_next_month(m)
      HAVING count(*) > 0
      ON CONFLICT (month) DO UPDATE SET ${replaced};
      IF NOT FOUND THEN DELETE FROM ${m} WHERE month = m; END IF;
    END $$;`;
};

/** The sale totals rebuilt from the sales (after a bulk load), into the slots table named; the pending rows cleared. */
const rebuildFunction = (slots: string, pending?: string) => {
  const t = sql.raw(slots);
  return sql`
    CREATE OR REPLACE FUNCTION rebuild_sale_totals() RETURNS void LANGUAGE sql BEGIN ATOMIC
      ${pending ? sql`DELETE FROM ${sql.raw(pending)};` : sql``}
      DELETE FROM ${t};
      INSERT INTO ${t} SELECT * FROM sale_movements('-infinity', 'infinity') ORDER BY slot;
      SELECT rebuild_sale_totals_levels();
      SELECT set_config('duka.sale_totals_days', '', true);
    END;`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sale_totals RENAME TO sale_totals_kept_slots;
    ALTER TABLE sale_totals_days RENAME TO sale_totals_kept_days;
    ALTER TABLE sale_totals_months RENAME TO sale_totals_kept_months;
    CREATE TABLE sale_totals_pending (LIKE sale_totals_kept_slots);
    CREATE INDEX sale_totals_pending_slot ON sale_totals_pending (slot);

    -- Every row of the slots, kept and pending, a slot's rows not summed into one: for a reader that sums them anyway
    -- (a year's revenue per shop day summed 35,000 slots twice, once per slot and once per day, through the view below).
    CREATE VIEW sale_totals_rows AS
      SELECT slot, ${figures} FROM sale_totals_kept_slots
      UNION ALL SELECT slot, ${figures} FROM sale_totals_pending;
    CREATE VIEW sale_totals AS
      SELECT slot, ${summed()} FROM sale_totals_rows GROUP BY slot;
    CREATE VIEW sale_totals_days AS
      SELECT day, ${summed('u.')} FROM (
        SELECT day, ${figures} FROM sale_totals_kept_days
        UNION ALL SELECT sale_totals_day(slot), ${figures} FROM sale_totals_pending) u
      GROUP BY day;
    CREATE VIEW sale_totals_months AS
      SELECT month, ${summed('u.')} FROM (
        SELECT month, ${figures} FROM sale_totals_kept_months
        UNION ALL SELECT sale_totals_month(slot), ${figures} FROM sale_totals_pending) u
      GROUP BY month;

    -- A sale or return this transaction inserted: its figures as one pending row (unless its slot was recomputed in
    -- this transaction, which counted it already).
    CREATE OR REPLACE FUNCTION add_to_sale_totals(m sale_money) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      s timestamptz := sale_slot(m.at);
    BEGIN
      IF sale_totals_listed('duka.sale_totals_done', (extract(epoch FROM s) / 900)::int::text) THEN RETURN; END IF;
      INSERT INTO sale_totals_pending
      VALUES (s, m.is_sale::int, m.gross, m.discounts, m.sold, m.sold_vat, m.sold_cost, m.refunds, m.refund_vat,
              m.refund_cost, m.cash, m.mobile_money, m.bank, m.card);
    END $$;

    -- A slot recomputed from its sales and returns: its pending rows go in the statement that reads them.
    ${refreshFunction('sale_totals_kept_slots', 'sale_totals_pending')}

    ${levelFunctions('sale_totals_kept_slots', 'sale_totals_kept_days', 'sale_totals_kept_months')}

    -- The pending rows moved into their kept slots, a slot at a time under its lock; a slot whose lock another
    -- transaction holds stays for the next fold. The days and months follow at commit. Returns the rows moved.
    CREATE FUNCTION fold_sale_totals() RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE
      s timestamptz;
      moved integer := 0;
      n integer;
    BEGIN
      FOR s IN SELECT DISTINCT slot FROM sale_totals_pending ORDER BY 1 LOOP
        CONTINUE WHEN NOT pg_try_advisory_xact_lock(20, (extract(epoch FROM s) / 900)::int);
        WITH gone AS (DELETE FROM sale_totals_pending WHERE slot = s RETURNING *)
        INSERT INTO sale_totals_kept_slots AS t SELECT s, ${summed()} FROM gone HAVING count(*) > 0
        ON CONFLICT (slot) DO UPDATE SET ${added};
        GET DIAGNOSTICS n = ROW_COUNT;
        moved := moved + n;
      END LOOP;
      RETURN moved;
    END $$;

    ${rebuildFunction('sale_totals_kept_slots', 'sale_totals_pending')}
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Every pending row into its kept slot, whatever lock another transaction holds; the days and months after.
    WITH gone AS (DELETE FROM sale_totals_pending RETURNING *)
    INSERT INTO sale_totals_kept_slots AS t SELECT slot, ${summed()} FROM gone GROUP BY slot
    ON CONFLICT (slot) DO UPDATE SET ${added};
    -- The rebuild's body names the pending table: it goes first, and comes back below as it was.
    DROP FUNCTION fold_sale_totals, rebuild_sale_totals;
    DROP VIEW sale_totals, sale_totals_rows, sale_totals_days, sale_totals_months;
    DROP TABLE sale_totals_pending;
    ALTER TABLE sale_totals_kept_slots RENAME TO sale_totals;
    ALTER TABLE sale_totals_kept_days RENAME TO sale_totals_days;
    ALTER TABLE sale_totals_kept_months RENAME TO sale_totals_months;

    CREATE OR REPLACE FUNCTION add_to_sale_totals(m sale_money) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      s timestamptz := sale_slot(m.at);
      slot_key text := (extract(epoch FROM s) / 900)::int::text;
    BEGIN
      IF sale_totals_listed('duka.sale_totals_done', slot_key) THEN RETURN; END IF;
      PERFORM pg_advisory_xact_lock(20, slot_key::int);
      INSERT INTO sale_totals AS t
      VALUES (s, m.is_sale::int, m.gross, m.discounts, m.sold, m.sold_vat, m.sold_cost, m.refunds, m.refund_vat,
              m.refund_cost, m.cash, m.mobile_money, m.bank, m.card)
      ON CONFLICT (slot) DO UPDATE SET ${added};
    END $$;
    ${refreshFunction('sale_totals')}
    ${levelFunctions('sale_totals', 'sale_totals_days', 'sale_totals_months')}
    ${rebuildFunction('sale_totals')}
    SELECT rebuild_sale_totals_levels();
  `.execute(db);
}
