import { type Kysely, sql } from 'kysely';

// Migration 020 recomputed a sale's whole 15-minute slot at each commit, under the slot's lock: O(sales in the slot)
// per sale, with every till selling in that slot queued behind it. In the bench's sales run (20 clients, thousands of
// sales in one slot) each commit re-read the slot's growing sales, so sales per second fell as the slot filled.
//
// A sale or return inserted by the committing transaction is now added to its slot instead: at commit, once all its
// rows are written, its own figures (one row of `sale_money`, the one definition of the figures, which the slot
// recomputation sums too) are added to the slot's row. Nothing of it was in any slot before, so the sum stays exactly
// the recomputation. Any other change (a sale re-dated, a payment changed or deleted, a sale deleted) still recomputes
// its slots as before. Within one transaction:
// - later events on a row it inserted (its payments, its receipt stamp, an offline sale's date) are in the final
//   figures already, so they do nothing;
// - a slot recomputed in the transaction holds every row the transaction wrote, so nothing is added to it after, and
//   a recomputation after an addition replaces the row whole.
/**
 * A slot recomputed from its sales and returns into the slots table named; with a pending table (migration 051), the
 * slot's pending rows go in the statement that reads the sales.
 */
export const refreshFunction = (slots: string, pending?: string) => {
  const t = sql.raw(slots);
  const counted = pending
    ? sql`WITH counted AS (DELETE FROM ${sql.raw(pending)} WHERE slot = s)
      `
    : sql``;
  return sql`
    CREATE OR REPLACE FUNCTION refresh_sale_totals(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      s timestamptz := sale_slot(at);
      slot_key text := (extract(epoch FROM s) / 900)::int::text;
    BEGIN
      IF at IS NULL OR sale_totals_listed('duka.sale_totals_done', slot_key) THEN RETURN; END IF;
      PERFORM sale_totals_list('duka.sale_totals_done', slot_key);
      -- One commit at a time per slot; the statements below then see every earlier commit in it.
      PERFORM pg_advisory_xact_lock(20, slot_key::int);
      DELETE FROM ${t} WHERE slot = s;
      ${counted}INSERT INTO ${t} SELECT * FROM sale_movements(s, s + interval '15 minutes');
    END $$;`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- What each sale and each return brings to its slot: a sale its totals, its lines' cost and what its payments
    -- paid (cash less the change handed back); a return takes its refund off its refund method.
    CREATE VIEW sale_money AS
      SELECT sa.id AS sale_id, NULL::integer AS return_id, sa.created_at AS at, true AS is_sale,
             sa.subtotal::bigint AS gross, sa.discount_amount::bigint AS discounts, sa.total_amount::bigint AS sold,
             sa.vat_amount::bigint AS sold_vat,
             (SELECT coalesce(sum(i.quantity * i.unit_cost), 0) FROM sale_items i WHERE i.sale_id = sa.id)
               AS sold_cost,
             0::bigint AS refunds, 0::bigint AS refund_vat, 0::numeric AS refund_cost,
             (p.cash - sa.change_given)::bigint AS cash, p.mobile_money::bigint AS mobile_money,
             p.bank::bigint AS bank, p.card::bigint AS card
        FROM sales sa
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(amount) FILTER (WHERE method = 'CASH'), 0) AS cash,
                 coalesce(sum(amount) FILTER (WHERE method = 'MOBILE_MONEY'), 0) AS mobile_money,
                 coalesce(sum(amount) FILTER (WHERE method = 'BANK'), 0) AS bank,
                 coalesce(sum(amount) FILTER (WHERE method = 'CARD'), 0) AS card
            FROM sale_payments WHERE sale_id = sa.id
        ) p
      UNION ALL
      SELECT NULL, r.id, r.created_at, false, 0, 0, 0, 0, 0, r.refund_amount, r.vat_amount, r.cost_amount,
             CASE WHEN r.refund_method = 'CASH' THEN -r.refund_amount ELSE 0 END,
             CASE WHEN r.refund_method = 'MOBILE_MONEY' THEN -r.refund_amount ELSE 0 END,
             CASE WHEN r.refund_method = 'BANK' THEN -r.refund_amount ELSE 0 END,
             CASE WHEN r.refund_method = 'CARD' THEN -r.refund_amount ELSE 0 END
        FROM sale_returns r;

    CREATE OR REPLACE FUNCTION sale_movements(lo timestamptz, hi timestamptz) RETURNS SETOF sale_totals LANGUAGE sql STABLE
    BEGIN ATOMIC
      SELECT sale_slot(m.at), count(*) FILTER (WHERE m.is_sale)::int, sum(m.gross)::bigint, sum(m.discounts)::bigint,
             sum(m.sold)::bigint, sum(m.sold_vat)::bigint, sum(m.sold_cost), sum(m.refunds)::bigint,
             sum(m.refund_vat)::bigint, sum(m.refund_cost), sum(m.cash)::bigint, sum(m.mobile_money)::bigint,
             sum(m.bank)::bigint, sum(m.card)::bigint
        FROM sale_money m
       WHERE m.at >= lo AND m.at < hi
       GROUP BY 1;
    END;

    -- The slots recomputed by this transaction, and the sales and returns it inserted: ',<key>,' lists.
    CREATE OR REPLACE FUNCTION sale_totals_listed(list text, item text) RETURNS boolean LANGUAGE sql STABLE
      RETURN position(',' || item || ',' IN coalesce(nullif(current_setting(list, true), ''), ',')) > 0;
    CREATE OR REPLACE FUNCTION sale_totals_list(list text, item text) RETURNS void LANGUAGE sql
      RETURN set_config(list, coalesce(nullif(current_setting(list, true), ''), ',') || item || ',', true);

    ${refreshFunction('sale_totals')}

    -- A sale or return this transaction inserted, added whole to its slot (unless the slot is recomputed already).
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
      ON CONFLICT (slot) DO UPDATE SET sales_count = t.sales_count + excluded.sales_count,
        gross = t.gross + excluded.gross, discounts = t.discounts + excluded.discounts, sold = t.sold + excluded.sold,
        sold_vat = t.sold_vat + excluded.sold_vat, sold_cost = t.sold_cost + excluded.sold_cost,
        refunds = t.refunds + excluded.refunds, refund_vat = t.refund_vat + excluded.refund_vat,
        refund_cost = t.refund_cost + excluded.refund_cost, cash = t.cash + excluded.cash,
        mobile_money = t.mobile_money + excluded.mobile_money, bank = t.bank + excluded.bank, card = t.card + excluded.card;
    END $$;

    CREATE OR REPLACE FUNCTION sale_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      kind text := CASE TG_TABLE_NAME WHEN 'sales' THEN 's' ELSE 'r' END;
      m sale_money;
    BEGIN
      IF TG_OP = 'INSERT' THEN
        PERFORM sale_totals_list('duka.sale_totals_added', kind || NEW.id);
        -- Its figures as they stand at commit; none if it was deleted since.
        IF TG_TABLE_NAME = 'sales' THEN
          SELECT * INTO m FROM sale_money WHERE sale_id = NEW.id;
        ELSE
          SELECT * INTO m FROM sale_money WHERE return_id = NEW.id;
        END IF;
        IF FOUND THEN PERFORM add_to_sale_totals(m); END IF;
        RETURN NULL;
      END IF;
      IF sale_totals_listed('duka.sale_totals_added', kind || OLD.id) THEN RETURN NULL; END IF;
      PERFORM refresh_sale_totals(OLD.created_at);
      IF TG_OP = 'UPDATE' AND sale_slot(OLD.created_at) <> sale_slot(NEW.created_at) THEN
        PERFORM refresh_sale_totals(NEW.created_at);
      END IF;
      RETURN NULL;
    END $$;

    -- A sale's payments and lines: nothing to do for a sale this transaction inserted.
    CREATE OR REPLACE FUNCTION sale_part_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'DELETE' AND sale_totals_listed('duka.sale_totals_added', 's' || NEW.sale_id) THEN RETURN NULL; END IF;
      IF TG_OP = 'DELETE' AND sale_totals_listed('duka.sale_totals_added', 's' || OLD.sale_id) THEN RETURN NULL; END IF;
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_sale_totals((SELECT created_at FROM sales WHERE id = OLD.sale_id));
      END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM refresh_sale_totals((SELECT created_at FROM sales WHERE id = NEW.sale_id));
      END IF;
      RETURN NULL;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Migration 020's recompute-only functions, as they were.
  await sql`
    CREATE OR REPLACE FUNCTION sale_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_sale_totals(OLD.created_at); END IF;
      IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR sale_slot(OLD.created_at) <> sale_slot(NEW.created_at)) THEN
        PERFORM refresh_sale_totals(NEW.created_at);
      END IF;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION sale_part_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM refresh_sale_totals((SELECT created_at FROM sales WHERE id = OLD.sale_id));
      END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM refresh_sale_totals((SELECT created_at FROM sales WHERE id = NEW.sale_id));
      END IF;
      RETURN NULL;
    END $$;
    DROP FUNCTION add_to_sale_totals;
    CREATE OR REPLACE FUNCTION refresh_sale_totals(at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE
      s timestamptz := sale_slot(at);
      done text := coalesce(nullif(current_setting('duka.sale_totals_done', true), ''), ',');
      slot_key text := (extract(epoch FROM s) / 900)::int::text;
    BEGIN
      IF at IS NULL OR position(',' || slot_key || ',' IN done) > 0 THEN RETURN; END IF;
      PERFORM set_config('duka.sale_totals_done', done || slot_key || ',', true);
      PERFORM pg_advisory_xact_lock(20, slot_key::int);
      DELETE FROM sale_totals WHERE slot = s;
      INSERT INTO sale_totals SELECT * FROM sale_movements(s, s + interval '15 minutes');
    END $$;
    DROP FUNCTION sale_totals_listed, sale_totals_list;
  `.execute(db);
  // sale_movements keeps reading the view (rebuild_sale_totals depends on it); the view stays with it.
}
