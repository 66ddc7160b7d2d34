// The five financial reports' queries (issue 11). Each figure is computed the one way the other screens compute it,
// so they reconcile to the shilling: revenue = Σ sale totals after discount (the sales reports and the dashboard),
// cost of goods sold = round(Σ line quantity × recorded unit cost) (the dashboard), expenses = totalExpenses,
// write-off losses = totalWriteOffCost (the write-off list), received cost = Σ batch total cost by stock date (the
// stock report).
import { ADJUSTMENT_REASONS } from '@duka/shared';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { matchesSearch } from '../../platform/listing.ts';
import type { Period } from '../../platform/period.ts';
import { expensesByCategory, totalExpenses } from '../expenses/expenses.queries.ts';
import { totalWriteOffCost } from '../stock/adjustments.queries.ts';

const salesIn = (db: Database, period: Period) =>
  db.selectFrom('sales as sa').where('sa.created_at', '>=', period.from).where('sa.created_at', '<', period.until);

/** The shop's day of a sale, as the reports name days. */
const saleDay = (timeZone: string) => sql<string>`to_char(sa.created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;

/** The VAT a sale stored at the rate then in force (migration 009; 0 while the business is not VAT-registered). */
const saleVat = sql<number>`sa.vat_amount`;

/** Revenue: one row per shop day with sales, newest first; paged as any report (the grouping sits in a subquery). */
export function revenueRows(db: Database, period: Period, timeZone: string) {
  const perSale = salesIn(db, period).select([
    saleDay(timeZone).as('day'),
    'sa.subtotal',
    'sa.discount_amount',
    'sa.total_amount',
    'sa.payment_method',
  ]);
  const paidBy = (method: string) =>
    sql<number>`coalesce(sum(s.total_amount) FILTER (WHERE s.payment_method = ${method}), 0)::bigint`;
  const perDay = db
    .selectFrom(perSale.as('s'))
    .select([
      's.day',
      sql<number>`count(*)::int`.as('sales_count'),
      sql<number>`sum(s.subtotal)::bigint`.as('gross'),
      sql<number>`sum(s.discount_amount)::bigint`.as('discounts'),
      sql<number>`sum(s.total_amount)::bigint`.as('revenue'),
      paidBy('CASH').as('cash'),
      paidBy('MOBILE_MONEY').as('mobile_money'),
      paidBy('BANK').as('bank'),
      paidBy('CARD').as('card'),
    ])
    .groupBy('s.day');
  return db.selectFrom(perDay.as('d')).selectAll().orderBy('d.day', 'desc');
}

/** The period's revenue and discounts, and revenue by payment method (every method, 0 when unused). */
export async function revenueTotals(db: Database, period: Period) {
  const rows = await salesIn(db, period)
    .select([
      'sa.payment_method',
      sql<number>`sum(sa.total_amount)::bigint`.as('revenue'),
      sql<number>`sum(sa.discount_amount)::bigint`.as('discount'),
    ])
    .groupBy('sa.payment_method')
    .execute();
  const byMethod: Record<string, number> = { CASH: 0, MOBILE_MONEY: 0, BANK: 0, CARD: 0 };
  let revenue = 0;
  let discount = 0;
  for (const row of rows) {
    byMethod[row.payment_method] = Number(row.revenue);
    revenue += Number(row.revenue);
    discount += Number(row.discount);
  }
  return { revenue, discount, byMethod };
}

/** Σ sale totals after discount: the dashboard's total_revenue and the sales reports' total_sales. */
export async function totalRevenue(db: Database, period: Period): Promise<number> {
  const row = await salesIn(db, period)
    .select(sql<number>`coalesce(sum(sa.total_amount), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** round(Σ line quantity × the unit cost recorded at the sale), rounded once over the period as the dashboard does. */
export async function costOfGoodsSold(db: Database, period: Period): Promise<number> {
  const row = await salesIn(db, period)
    .innerJoin('sale_items as i', 'i.sale_id', 'sa.id')
    .select(sql<number>`coalesce(round(sum(i.quantity * i.unit_cost)), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Write-off cost by reason over the period's adjustment dates, each write-off rounded as its list row shows it. */
async function lossesByReason(db: Database, period: Period) {
  const rows = await db
    .selectFrom('stock_adjustments')
    .select(['reason', sql<number>`sum(round(quantity * unit_cost))::bigint`.as('total')])
    .where('adjustment_date', '>=', period.start)
    .where('adjustment_date', '<=', period.end)
    .groupBy('reason')
    .execute();
  const label = (reason: string) => ADJUSTMENT_REASONS.find((r) => r.value === reason)?.label ?? reason;
  return rows.map((r) => ({ reason: label(r.reason), total: Number(r.total) }));
}

/** A period's profit and loss: net profit = gross profit − expenses − write-off losses (PRODUCT.md §7). */
export async function profitAndLoss(db: Database, period: Period) {
  const days = { startDate: period.start, endDate: period.end };
  const [revenue, cost, expenses, byCategory, loss, byReason] = await Promise.all([
    totalRevenue(db, period),
    costOfGoodsSold(db, period),
    totalExpenses(db, days),
    expensesByCategory(db, days),
    totalWriteOffCost(db, days),
    lossesByReason(db, period),
  ]);
  const grossProfit = revenue - cost;
  return {
    revenue,
    costOfGoodsSold: cost,
    grossProfit,
    /** Gross profit as a percent of revenue, 2 decimals; 0 without revenue. */
    grossMargin: revenue === 0 ? 0 : Math.round((grossProfit / revenue) * 10_000) / 100,
    expenses,
    byCategory,
    loss,
    byReason,
    netProfit: grossProfit - expenses - loss,
  };
}
export type ProfitAndLoss = Awaited<ReturnType<typeof profitAndLoss>>;

export interface StatementLine {
  id: number;
  line: string;
  amount: number;
  previous_amount: number;
  change: number;
}

/** The statement's lines, this period beside the previous; a category or reason of either period gets a line. */
export function statementLines(now: ProfitAndLoss, before: ProfitAndLoss): StatementLine[] {
  const lines: [string, number, number][] = [
    ['Revenue', now.revenue, before.revenue],
    ['Cost of goods sold', now.costOfGoodsSold, before.costOfGoodsSold],
    ['Gross profit', now.grossProfit, before.grossProfit],
  ];
  const each = <T>(a: T[], b: T[], key: (x: T) => string, value: (x: T) => number, prefix: string) => {
    const names = [...new Set([...a.map(key), ...b.map(key)])].sort((x, y) => x.localeCompare(y));
    for (const name of names) {
      const pick = (list: T[]) => value(list.find((x) => key(x).toLowerCase() === name.toLowerCase()) ?? ({} as T));
      lines.push([`${prefix}${name}`, pick(a), pick(b)]);
    }
  };
  each(
    now.byCategory,
    before.byCategory,
    (c) => c.category,
    (c) => c.total ?? 0,
    'Expense: ',
  );
  lines.push(['Total expenses', now.expenses, before.expenses]);
  each(
    now.byReason,
    before.byReason,
    (r) => r.reason,
    (r) => r.total ?? 0,
    'Stock loss: ',
  );
  lines.push(['Total stock losses', now.loss, before.loss]);
  lines.push(['Net profit', now.netProfit, before.netProfit]);
  return lines.map(([line, amount, previous], index) => ({
    id: index + 1,
    line,
    amount,
    previous_amount: previous,
    change: amount - previous,
  }));
}

/** Rows computed in the service, served through the report kit's paging like any query. */
export function linesAsRows(db: Database, lines: StatementLine[]) {
  const json = JSON.stringify(lines);
  return db
    .selectFrom(
      sql<StatementLine>`(SELECT * FROM jsonb_to_recordset(${json}::jsonb)
        AS x(id int, line text, amount bigint, previous_amount bigint, change bigint))`.as('t'),
    )
    .selectAll()
    .orderBy('t.id');
}

/** Per supplier: received in the period, sold from its batches in the period, and its stock value now. */
export function supplierRows(db: Database, period: Period, search: string | undefined) {
  const table = sql<{
    id: number;
    name: string;
    supplier_number: string;
    batches_received: number;
    received_cost: number;
    quantity_sold: number;
    revenue: number;
    gross_profit: number;
    stock_value: number;
  }>`(
    SELECT sup.id, sup.name, sup.supplier_number,
      coalesce(r.batches, 0)::int AS batches_received, coalesce(r.cost, 0)::bigint AS received_cost,
      coalesce(s.quantity, 0)::float8 AS quantity_sold, coalesce(s.revenue, 0)::bigint AS revenue,
      (coalesce(s.revenue, 0) - coalesce(s.cost, 0))::bigint AS gross_profit, coalesce(v.value, 0)::bigint AS stock_value
    FROM suppliers sup
    LEFT JOIN (
      SELECT supplier_id, count(*) AS batches, sum(total_cost) AS cost FROM stock_batches
      WHERE deleted_at IS NULL AND stock_date >= ${period.start} AND stock_date <= ${period.end}
      GROUP BY supplier_id
    ) r ON r.supplier_id = sup.id
    LEFT JOIN (
      SELECT b.supplier_id, sum(i.quantity) AS quantity, sum(i.total_price - i.discount_amount) AS revenue,
        round(sum(i.quantity * i.unit_cost)) AS cost
      FROM sale_items i JOIN sales sa ON sa.id = i.sale_id JOIN stock_batches b ON b.id = i.batch_id
      WHERE sa.created_at >= ${period.from} AND sa.created_at < ${period.until}
      GROUP BY b.supplier_id
    ) s ON s.supplier_id = sup.id
    LEFT JOIN (
      SELECT supplier_id, sum(round(balance * unit_price)) AS value FROM stock_batches
      WHERE deleted_at IS NULL GROUP BY supplier_id
    ) v ON v.supplier_id = sup.id
    -- A supplier in the trash still shows while its stock or sales fall in the period.
    WHERE sup.deleted_at IS NULL OR r.batches > 0 OR s.quantity > 0 OR v.value > 0
  )`;
  const q = db.selectFrom(table.as('t')).selectAll();
  return (search ? q.where((eb) => matchesSearch(eb, ['t.name', 't.supplier_number'], search)) : q)
    .orderBy('t.received_cost', 'desc')
    .orderBy('t.revenue', 'desc')
    .orderBy('t.name');
}

/** Σ received cost of the rows: without a search, the stock report's total_stocks for the period. */
export async function totalPurchases(db: Database, period: Period, search: string | undefined): Promise<number> {
  const row = await supplierRows(db, period, search)
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`coalesce(sum(t.received_cost), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Tax: one row per shop day with sales; taxable value = sales − the VAT they stored. */
export function taxRows(db: Database, period: Period, timeZone: string) {
  const perSale = salesIn(db, period).select([saleDay(timeZone).as('day'), 'sa.total_amount', saleVat.as('vat')]);
  const perDay = db
    .selectFrom(perSale.as('s'))
    .select([
      's.day',
      sql<number>`count(*)::int`.as('sales_count'),
      sql<number>`sum(s.total_amount)::bigint`.as('sales'),
      sql<number>`(sum(s.total_amount) - sum(s.vat))::bigint`.as('taxable'),
      sql<number>`sum(s.vat)::bigint`.as('vat'),
    ])
    .groupBy('s.day');
  return db.selectFrom(perDay.as('d')).selectAll().orderBy('d.day', 'desc');
}

export async function taxTotals(db: Database, period: Period) {
  const row = await salesIn(db, period)
    .select([
      sql<number>`coalesce(sum(sa.total_amount), 0)::bigint`.as('sales'),
      sql<number>`coalesce(sum(${saleVat}), 0)::bigint`.as('vat'),
    ])
    .executeTakeFirstOrThrow();
  return { taxable: Number(row.sales) - Number(row.vat), tax: Number(row.vat) };
}
