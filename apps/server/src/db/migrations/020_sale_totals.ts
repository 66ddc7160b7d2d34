import { type Kysely, sql } from 'kysely';

// The reports and the dashboard over a year of a busy shop (issues 10 and 12: 3M sale lines) without reading every
// line of the period.
//
// 1. Sale lines carry their sale's instant (`sale_items.created_at`), so the sales reports, the top products and the
//    supplier report read the period's lines from one index without joining every sale. The database keeps it equal
//    to the sale's: copied when a line is inserted, followed when a sale's instant changes (an offline sale is dated
//    after its insert; tests and repairs re-date sales).
//
// 2. `sale_totals` holds the money of every 15-minute slot: sales, discounts, VAT, cost of goods, refunds and the
//    payment methods. Every IANA zone's offset is a multiple of 15 minutes, so each shop day is a whole run of slots
//    in any zone and a period's totals are exact sums of its slots. A slot's row is never adjusted by a delta: at the
//    commit of any transaction that touched a sale or return in it, the slot is recomputed from the sales and returns
//    themselves (`sale_movements`, the one definition of the figures, also used by the rebuild), under a lock per
//    slot so two commits in the same slot never lose one another. It is therefore a plain recomputation by
//    construction, and test/sale-totals.test.ts proves it after sales, returns and an offline sale.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE sale_items ADD COLUMN created_at timestamptz;
    UPDATE sale_items i SET created_at = sa.created_at FROM sales sa WHERE sa.id = i.sale_id;
    ALTER TABLE sale_items ALTER COLUMN created_at SET NOT NULL;
    CREATE INDEX sale_items_created ON sale_items (created_at, id)
      INCLUDE (product_id, measurement_id, batch_id, quantity, unit_cost, total_price, discount_amount);

    CREATE OR REPLACE FUNCTION sale_items_take_sale_time() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.created_at := (SELECT created_at FROM sales WHERE id = NEW.sale_id);
      RETURN NEW;
    END $$;
    CREATE TRIGGER sale_items_sale_time BEFORE INSERT ON sale_items
      FOR EACH ROW EXECUTE FUNCTION sale_items_take_sale_time();

    CREATE OR REPLACE FUNCTION sales_redate_lines() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE sale_items SET created_at = NEW.created_at WHERE sale_id = NEW.id;
      RETURN NULL;
    END $$;
    CREATE TRIGGER sales_redate_lines AFTER UPDATE OF created_at ON sales
      FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION sales_redate_lines();

    CREATE TABLE sale_totals (
      slot timestamptz PRIMARY KEY,
      sales_count integer NOT NULL,
      gross bigint NOT NULL,
      discounts bigint NOT NULL,
      sold bigint NOT NULL,
      sold_vat bigint NOT NULL,
      sold_cost numeric NOT NULL,
      refunds bigint NOT NULL,
      refund_vat bigint NOT NULL,
      refund_cost numeric NOT NULL,
      cash bigint NOT NULL,
      mobile_money bigint NOT NULL,
      bank bigint NOT NULL,
      card bigint NOT NULL
    );

    CREATE OR REPLACE FUNCTION sale_slot(at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE
      RETURN date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00');

    -- Per slot in [lo, hi): a sale brings its totals, its lines' cost and what its payments paid (cash less the
    -- change handed back); a return takes its refund off its refund method and counts on its own slot.
    CREATE OR REPLACE FUNCTION sale_movements(lo timestamptz, hi timestamptz) RETURNS SETOF sale_totals LANGUAGE sql STABLE
    BEGIN ATOMIC
      SELECT sale_slot(m.at), count(*) FILTER (WHERE m.is_sale)::int, sum(m.gross)::bigint, sum(m.discounts)::bigint,
             sum(m.sold)::bigint, sum(m.sold_vat)::bigint, sum(m.sold_cost), sum(m.refunds)::bigint,
             sum(m.refund_vat)::bigint, sum(m.refund_cost), sum(m.cash)::bigint, sum(m.mobile_money)::bigint,
             sum(m.bank)::bigint, sum(m.card)::bigint
        FROM (
          SELECT sa.created_at AS at, true AS is_sale, sa.subtotal AS gross, sa.discount_amount AS discounts,
                 sa.total_amount AS sold, sa.vat_amount AS sold_vat,
                 (SELECT coalesce(sum(i.quantity * i.unit_cost), 0) FROM sale_items i WHERE i.sale_id = sa.id)
                   AS sold_cost,
                 0::bigint AS refunds, 0::bigint AS refund_vat, 0::numeric AS refund_cost,
                 p.cash - sa.change_given AS cash, p.mobile_money, p.bank, p.card
            FROM sales sa
            CROSS JOIN LATERAL (
              SELECT coalesce(sum(amount) FILTER (WHERE method = 'CASH'), 0) AS cash,
                     coalesce(sum(amount) FILTER (WHERE method = 'MOBILE_MONEY'), 0) AS mobile_money,
                     coalesce(sum(amount) FILTER (WHERE method = 'BANK'), 0) AS bank,
                     coalesce(sum(amount) FILTER (WHERE method = 'CARD'), 0) AS card
                FROM sale_payments WHERE sale_id = sa.id
            ) p
           WHERE sa.created_at >= lo AND sa.created_at < hi
          UNION ALL
          SELECT r.created_at, false, 0, 0, 0, 0, 0, r.refund_amount, r.vat_amount, r.cost_amount,
                 CASE WHEN r.refund_method = 'CASH' THEN -r.refund_amount ELSE 0 END,
                 CASE WHEN r.refund_method = 'MOBILE_MONEY' THEN -r.refund_amount ELSE 0 END,
                 CASE WHEN r.refund_method = 'BANK' THEN -r.refund_amount ELSE 0 END,
                 CASE WHEN r.refund_method = 'CARD' THEN -r.refund_amount ELSE 0 END
            FROM sale_returns r
           WHERE r.created_at >= lo AND r.created_at < hi
        ) m
       GROUP BY 1;
    END;

    -- Called at commit only (deferred triggers), once every write of the transaction is done: so a slot is
    -- recomputed once per transaction, however many of its rows the transaction touched.
    CREATE OR REPLACE FUNCTION refresh_sale_totals(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      s timestamptz := sale_slot(at);
      done text := coalesce(nullif(current_setting('duka.sale_totals_done', true), ''), ',');
      slot_key text := (extract(epoch FROM s) / 900)::int::text;
    BEGIN
      IF at IS NULL OR position(',' || slot_key || ',' IN done) > 0 THEN RETURN; END IF;
      PERFORM set_config('duka.sale_totals_done', done || slot_key || ',', true);
      -- One commit at a time per slot; the statements below then see every earlier commit in it.
      PERFORM pg_advisory_xact_lock(20, slot_key::int);
      DELETE FROM sale_totals WHERE slot = s;
      INSERT INTO sale_totals SELECT * FROM sale_movements(s, s + interval '15 minutes');
    END $$;

    CREATE OR REPLACE FUNCTION rebuild_sale_totals() RETURNS void LANGUAGE sql BEGIN ATOMIC
      DELETE FROM sale_totals;
      INSERT INTO sale_totals SELECT * FROM sale_movements('-infinity', 'infinity');
    END;

    CREATE OR REPLACE FUNCTION sale_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_sale_totals(OLD.created_at); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR sale_slot(OLD.created_at) <> sale_slot(NEW.created_at)) THEN
        PERFORM refresh_sale_totals(NEW.created_at);
      END IF;
      RETURN NULL;
    END $$;
    -- At commit, once the sale's lines, payments and totals are all written.
    CREATE CONSTRAINT TRIGGER sales_totals AFTER INSERT OR UPDATE OR DELETE ON sales
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_totals_follow();
    CREATE CONSTRAINT TRIGGER sale_returns_totals AFTER INSERT OR UPDATE OR DELETE ON sale_returns
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_totals_follow();
    -- A sale's payments and lines count in its slot too (lines are inserted with their sale, which refreshes it).
    CREATE OR REPLACE FUNCTION sale_part_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_sale_totals((SELECT created_at FROM sales WHERE id = OLD.sale_id));
      END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM refresh_sale_totals((SELECT created_at FROM sales WHERE id = NEW.sale_id));
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER sale_payments_totals AFTER INSERT OR UPDATE OR DELETE ON sale_payments
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_part_totals_follow();
    CREATE CONSTRAINT TRIGGER sale_items_totals AFTER UPDATE OR DELETE ON sale_items
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION sale_part_totals_follow();

    SELECT rebuild_sale_totals();
    ANALYZE sale_items, sale_totals;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER sale_items_totals ON sale_items;
    DROP TRIGGER sale_payments_totals ON sale_payments;
    DROP FUNCTION sale_part_totals_follow;
    DROP TRIGGER sale_returns_totals ON sale_returns;
    DROP TRIGGER sales_totals ON sales;
    DROP FUNCTION sale_totals_follow, rebuild_sale_totals, refresh_sale_totals, sale_movements, sale_slot;
    DROP TABLE sale_totals;
    DROP TRIGGER sales_redate_lines ON sales;
    DROP TRIGGER sale_items_sale_time ON sale_items;
    DROP FUNCTION sales_redate_lines, sale_items_take_sale_time;
    DROP INDEX sale_items_created;
    ALTER TABLE sale_items DROP COLUMN created_at;
  `.execute(db);
}
