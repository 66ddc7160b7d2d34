import { type Kysely, sql } from 'kysely';

// What the long lists need to find a page without reading the shop's history (the customer list's index: below).
//
// The sale totals (migrations 020, 025) summed per UTC day and per UTC month, so the sales list's count and a deep
// page's seek read a period as its whole months, the whole days at its ends and the 15-minute slots at its edges: a
// few hundred rows whatever the length of the history, where ten years are 350,000 slots.
//
// Each day's row is the sum of its slots and each month's the sum of its days, recomputed (never adjusted) at the
// commit of a transaction that changed a slot: the slots' statements list the days they touched, and once every slot
// of the transaction is done (the slots are themselves written at commit, by deferred triggers; the trigger below is
// queued by those writes, so it runs after them) the listed days are recomputed in ascending order, then their months
// in ascending order, each under its own lock taken before reading. So:
// - a day (a month) recomputed after its lock is taken sees every commit before it, and a concurrent commit in the
//   same day waits for this one and then sees it: no change is lost;
// - every transaction takes the slots' locks first, then the days' in one order, then the months' in one order, so
//   a transaction touching several slots (an offline sale, a payment settling old sales on account) never waits on
//   another in the opposite order;
// - the sales of twenty tills in the current slot already queue on the slot's lock, so the day's and the month's
//   rows, hot as they are, add no waiting of their own.
/** The sale totals' figures, in their columns' order (each level's table has them all). */
export const FIGURES = [
  'sales_count',
  'gross',
  'discounts',
  'sold',
  'sold_vat',
  'sold_cost',
  'refunds',
  'refund_vat',
  'refund_cost',
  'cash',
  'mobile_money',
  'bank',
  'card',
];

/** Each figure summed in its column's type (sum of an integer column is wider). */
const summed = sql.raw(
  FIGURES.map((f) => `sum(${f})::${f === 'sales_count' ? 'int' : f.endsWith('cost') ? 'numeric' : 'bigint'}`).join(
    ', ',
  ),
);
const replaced = sql.raw(FIGURES.map((f) => `${f} = excluded.${f}`).join(', '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sale_totals_days (LIKE sale_totals INCLUDING ALL);
    ALTER TABLE sale_totals_days RENAME COLUMN slot TO day;
    CREATE TABLE sale_totals_months (LIKE sale_totals INCLUDING ALL);
    ALTER TABLE sale_totals_months RENAME COLUMN slot TO month;

    -- A slot's UTC day and month, and their keys for the locks (days since 1970, months since year 0).
    CREATE FUNCTION sale_totals_day(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE
      RETURN date_bin('1 day', at, timestamptz '2000-01-01 00:00:00+00');
    CREATE FUNCTION sale_totals_month(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE
      RETURN date_trunc('month', at, 'UTC');
    CREATE FUNCTION sale_totals_next_month(month timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE
      RETURN (month AT TIME ZONE 'UTC' + interval '1 month') AT TIME ZONE 'UTC';

    -- Every statement writing slots lists their days (',<days since 1970>,'), for the commit to recompute.
    CREATE FUNCTION sale_totals_days_touched() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      days text;
    BEGIN
      SELECT string_agg(DISTINCT (extract(epoch FROM sale_totals_day(slot)) / 86400)::int::text, ',') INTO days
        FROM changed;
      IF days IS NOT NULL THEN
        PERFORM set_config('duka.sale_totals_days',
          coalesce(nullif(current_setting('duka.sale_totals_days', true), ''), ',') || days || ',', true);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER sale_totals_days_inserted AFTER INSERT ON sale_totals REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION sale_totals_days_touched();
    CREATE TRIGGER sale_totals_days_updated AFTER UPDATE ON sale_totals REFERENCING NEW TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION sale_totals_days_touched();
    CREATE TRIGGER sale_totals_days_deleted AFTER DELETE ON sale_totals REFERENCING OLD TABLE AS changed
      FOR EACH STATEMENT EXECUTE FUNCTION sale_totals_days_touched();

    -- A day as the sum of its slots, a month as the sum of its days; a unit without any is removed.
    CREATE FUNCTION refresh_sale_totals_day(d timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(21, (extract(epoch FROM d) / 86400)::int);
      INSERT INTO sale_totals_days AS t
      SELECT d, ${summed} FROM sale_totals WHERE slot >= d AND slot < d + interval '24 hours' HAVING count(*) > 0
      ON CONFLICT (day) DO UPDATE SET ${replaced};
      IF NOT FOUND THEN DELETE FROM sale_totals_days WHERE day = d; END IF;
    END $$;
    CREATE FUNCTION refresh_sale_totals_month(m timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_advisory_xact_lock(22, (extract(year FROM m AT TIME ZONE 'UTC') * 12
                                         + extract(month FROM m AT TIME ZONE 'UTC') - 1)::int);
      INSERT INTO sale_totals_months AS t
      SELECT m, ${summed} FROM sale_totals_days WHERE day >= m AND day < sale_totals_next_month(m)
      HAVING count(*) > 0
      ON CONFLICT (month) DO UPDATE SET ${replaced};
      IF NOT FOUND THEN DELETE FROM sale_totals_months WHERE month = m; END IF;
    END $$;

    -- At commit, after the slots: the days listed so far in ascending order, then their months. The first of the
    -- queued calls does the work; the others find the list empty.
    CREATE FUNCTION sale_totals_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      listed text := coalesce(current_setting('duka.sale_totals_days', true), '');
      days timestamptz[];
      d timestamptz;
      m timestamptz;
    BEGIN
      IF listed = '' THEN RETURN NULL; END IF;
      PERFORM set_config('duka.sale_totals_days', '', true);
      SELECT array_agg(x ORDER BY x) INTO days FROM (
        SELECT DISTINCT timestamptz '1970-01-01 00:00:00+00' + k::int * interval '24 hours' AS x
          FROM unnest(string_to_array(trim(BOTH ',' FROM listed), ',')) k) listed_days;
      FOREACH d IN ARRAY days LOOP
        PERFORM refresh_sale_totals_day(d);
      END LOOP;
      FOR m IN SELECT DISTINCT sale_totals_month(x) FROM unnest(days) x ORDER BY 1 LOOP
        PERFORM refresh_sale_totals_month(m);
      END LOOP;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER sale_totals_rolled_up AFTER INSERT OR UPDATE OR DELETE ON sale_totals
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_totals_roll_up();

    CREATE FUNCTION rebuild_sale_totals_levels() RETURNS void LANGUAGE sql BEGIN ATOMIC
      DELETE FROM sale_totals_days;
      INSERT INTO sale_totals_days SELECT sale_totals_day(slot), ${summed} FROM sale_totals GROUP BY 1;
      DELETE FROM sale_totals_months;
      INSERT INTO sale_totals_months SELECT sale_totals_month(day), ${summed} FROM sale_totals_days GROUP BY 1;
    END;

    -- A rebuild of the slots (after a bulk load with the triggers off) rebuilds the days and months with them, and
    -- leaves nothing for the commit to recompute.
    -- The slots go in in time order, as a shop writes them day by day: a period's slots then lie on a few pages
    -- rather than scattered in the order a hash aggregate gave them (a month's 2,880 slots on 1,139 pages).
    CREATE OR REPLACE FUNCTION rebuild_sale_totals() RETURNS void LANGUAGE sql BEGIN ATOMIC
      DELETE FROM sale_totals;
      INSERT INTO sale_totals SELECT * FROM sale_movements('-infinity', 'infinity') ORDER BY slot;
      SELECT rebuild_sale_totals_levels();
      SELECT set_config('duka.sale_totals_days', '', true);
    END;

    SELECT rebuild_sale_totals_levels();
    ANALYZE sale_totals_days, sale_totals_months;

    -- The customer list's order (newest first, then by id): its first page reads ten entries of this index instead
    -- of sorting every customer, and a deep page walks it from the nearer end.
    CREATE INDEX customers_listed ON customers (created_at, id) WHERE deleted_at IS NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX customers_listed;
    CREATE OR REPLACE FUNCTION rebuild_sale_totals() RETURNS void LANGUAGE sql BEGIN ATOMIC
      DELETE FROM sale_totals;
      INSERT INTO sale_totals SELECT * FROM sale_movements('-infinity', 'infinity');
    END;
    DROP TRIGGER sale_totals_rolled_up ON sale_totals;
    DROP TRIGGER sale_totals_days_inserted ON sale_totals;
    DROP TRIGGER sale_totals_days_updated ON sale_totals;
    DROP TRIGGER sale_totals_days_deleted ON sale_totals;
    DROP FUNCTION rebuild_sale_totals_levels, sale_totals_roll_up, refresh_sale_totals_month, refresh_sale_totals_day,
      sale_totals_days_touched, sale_totals_next_month, sale_totals_month, sale_totals_day;
    DROP TABLE sale_totals_months, sale_totals_days;
  `.execute(db);
}
