// The dashboard's figures (PRODUCT.md §7) over a period of the shop's days, the current month by default.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { totalWriteOffCost } from '../stock/adjustments.queries.ts';

export interface Period {
  startDate?: string;
  endDate?: string;
}

/** The period's first and last day (inclusive), in the shop's time zone. */
async function resolvePeriod(db: Database, timeZone: string, period: Period) {
  if (period.startDate && period.endDate) return { start: period.startDate, end: period.endDate };
  const row = await sql<{ start: string; end: string }>`
    SELECT to_char(date_trunc('month', now() AT TIME ZONE ${timeZone}), 'YYYY-MM-DD') AS start,
           to_char(date_trunc('month', now() AT TIME ZONE ${timeZone}) + interval '1 month - 1 day', 'YYYY-MM-DD') AS end`.execute(
    db,
  );
  const current = row.rows[0] as { start: string; end: string };
  return { start: period.startDate ?? current.start, end: period.endDate ?? current.end };
}

/**
 * The period's figures. Stock value, profits and losses are figures of the Profit and Loss report, so only its
 * holders (`withProfit`) get them, and they are not even computed for anyone else; everyone else gets the revenue
 * and the top products.
 */
export async function dashboardFigures(db: Database, timeZone: string, period: Period, withProfit: boolean) {
  const { start, end } = await resolvePeriod(db, timeZone, period);
  const from = sql<Date>`(${start}::date)::timestamp AT TIME ZONE ${timeZone}`;
  const to = sql<Date>`(${end}::date + 1)::timestamp AT TIME ZONE ${timeZone}`;
  const value = (r: { rows: { value: number }[] }) => Number(r.rows[0]?.value ?? 0);

  const [revenue, top] = await Promise.all([
    sql<{ value: number }>`SELECT coalesce(sum(total_amount), 0)::bigint AS value
      FROM sales WHERE created_at >= ${from} AND created_at < ${to}`.execute(db),
    sql<{ label: string; y: number }>`SELECT p.name AS label, sum(i.quantity) AS y
      FROM sale_items i JOIN sales s ON s.id = i.sale_id JOIN products p ON p.id = i.product_id
      WHERE s.created_at >= ${from} AND s.created_at < ${to}
      GROUP BY p.id, p.name ORDER BY y DESC, p.name LIMIT 10`.execute(db),
  ]);
  const totalRevenue = value(revenue);
  const figures = {
    period: { startDate: start, endDate: end },
    total_revenue: totalRevenue,
    chart_data: top.rows.map((r) => ({ label: r.label, y: Number(r.y) })),
  };
  if (!withProfit) return figures;

  const [stock, cost, totalLoss] = await Promise.all([
    sql<{ value: number }>`SELECT coalesce(round(sum(balance * unit_price)), 0)::bigint AS value
      FROM stock_batches WHERE deleted_at IS NULL`.execute(db),
    sql<{ value: number }>`SELECT coalesce(round(sum(i.quantity * i.unit_cost)), 0)::bigint AS value
      FROM sale_items i JOIN sales s ON s.id = i.sale_id WHERE s.created_at >= ${from} AND s.created_at < ${to}`.execute(
      db,
    ),
    // The write-off list's own total, so the dashboard and the list agree to the shilling.
    totalWriteOffCost(db, { startDate: start, endDate: end }),
  ]);
  const grossProfit = totalRevenue - value(cost);
  // Expenses are not recorded yet: net profit is gross profit less write-off losses.
  const expenses = 0;
  return {
    ...figures,
    stock_value: value(stock),
    gross_profit: grossProfit,
    total_loss: totalLoss,
    net_profit: grossProfit - expenses - totalLoss,
  };
}
