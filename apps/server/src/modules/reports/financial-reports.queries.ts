// The five financial reports' queries. Each figure is computed the one way the other screens compute it,
// so they reconcile to the shilling: revenue = Σ sale totals after discount (the sales reports and the dashboard),
// cost of goods sold = round(Σ line quantity × recorded unit cost) (the dashboard), expenses = totalExpenses,
// write-off losses = totalWriteOffCost (the write-off list), received cost = Σ batch total cost by stock date (the
// stock report).
import { ADJUSTMENT_REASONS } from '@duka/shared';
import { type AliasedRawBuilder, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { matchesSearch } from '../../platform/listing.ts';
import { type Period, shopDayOf } from '../../platform/period.ts';
import { expensesByCategory, totalExpenses } from '../expenses/expenses.queries.ts';
import { totalWriteOffCost } from '../stock/adjustments.queries.ts';
import { keptFigures } from '../stock/stock-totals.ts';
import { inWhole, splitPeriod, withEdges } from './line-rollups.ts';
import { spanRows, spansOf } from './sale-totals-levels.ts';

/**
 * The period's 15-minute slots of sale money (migration 020): each holds exactly what its sales and returns add up
 * to, and a period of shop days is a whole run of slots, so their sums are the plain sums over the sales and returns.
 * A return counts in its own slot, never rewriting the sale's day. Read as their rows, kept and pending (migration
 * 051), which every reader here sums per day or over the period.
 */
const slotsIn = (db: Database, period: Period) =>
  db.selectFrom('sale_totals_rows as t').where('t.slot', '>=', period.from).where('t.slot', '<', period.until);

/** Every figure of the sale totals, as each of their levels holds them. */
const FIGURES = sql.raw(
  'sales_count, gross, discounts, sold, sold_vat, sold_cost, refunds, refund_vat, refund_cost, cash, mobile_money, bank, card',
);

/**
 * The period's sale totals as its whole UTC months, days and edge slots (sale-totals-levels.ts): the same sums as
 * slotsIn's, for the totals over a period, from a few hundred rows where a year is 35,000 slots.
 */
const totalsIn = (db: Database, period: Period) =>
  db.selectFrom(
    sql<SaleTotalsRow>`(${sql.join(
      spansOf(period.from, period.until).map((span) => spanRows(span, FIGURES)),
      sql` UNION ALL `,
    )})`.as('t'),
  );
type SaleTotalsRow = Omit<Selectable<DB['sale_totals']>, 'slot'>;

const total = (expression: string) => sql<number>`coalesce(sum(${sql.raw(expression)}), 0)::bigint`;

/**
 * Revenue: one row per shop day with sales or returns, newest first; paged as any report. Per method, a sale brings
 * what its payments paid (cash less the change handed back) and a return takes its refund off its refund method, so
 * the four methods add up to the revenue, but for what the day's sales put on customers' accounts.
 */
export const revenueRows = (db: Database, period: Period, timeZone: string) =>
  perShopDay(db, period, timeZone, [
    total('t.gross').as('gross'),
    total('t.discounts').as('discounts'),
    total('t.refunds').as('returns'),
    total('t.sold - t.refunds').as('revenue'),
    ...byPaymentMethod(),
  ]);

/** What each payment method brought in, less the refunds paid by it: the revenue report's columns and cards. */
const byPaymentMethod = () => [
  total('t.cash').as('cash'),
  total('t.mobile_money').as('mobile_money'),
  total('t.bank').as('bank'),
  total('t.card').as('card'),
];

/** One row per shop day of the period with sales or returns, newest first: its sales count and the figures. */
function perShopDay<Figure extends string>(
  db: Database,
  period: Period,
  timeZone: string,
  figures: AliasedRawBuilder<number, Figure>[],
) {
  const perDay = slotsIn(db, period)
    .select([
      shopDayOf('t.slot', timeZone).as('day'),
      sql<number>`sum(t.sales_count)::int`.as('sales_count'),
      ...figures,
    ])
    .groupBy(sql`1`);
  return db.selectFrom(perDay.as('d')).selectAll().orderBy(sql`d.day`, 'desc');
}

/** The period's revenue (after discounts and returns), discounts, returns, and revenue by payment method. */
export async function revenueTotals(db: Database, period: Period) {
  const row = await totalsIn(db, period)
    .select([
      total('t.sold - t.refunds').as('revenue'),
      total('t.discounts').as('discount'),
      total('t.refunds').as('returns'),
      ...byPaymentMethod(),
    ])
    .executeTakeFirstOrThrow();
  return {
    revenue: Number(row.revenue),
    discount: Number(row.discount),
    returns: Number(row.returns),
    byMethod: {
      CASH: Number(row.cash),
      MOBILE_MONEY: Number(row.mobile_money),
      BANK: Number(row.bank),
      CARD: Number(row.card),
    } as Record<string, number>,
  };
}

/**
 * The debt book beside the revenue: what the period's sales put on customers' accounts (in the revenue, not yet
 * paid: the four payment methods and this add up to it), and what customers paid to their accounts on the period's
 * days, a reversal negative on its own day (money in for sales of any period, never revenue).
 */
export async function accountTotals(db: Database, period: Period) {
  const [sales, payments] = await Promise.all([
    db
      .selectFrom('sales')
      // Only a sale with a customer is on account: those have an index of their own (migration 034).
      .where('customer_id', 'is not', null)
      .where('created_at', '>=', period.from)
      .where('created_at', '<', period.until)
      .select(total('on_account').as('total'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('customer_payments')
      .where('payment_date', '>=', period.start)
      .where('payment_date', '<=', period.end)
      .select(total('amount').as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { onAccount: Number(sales.total), accountPayments: Number(payments.total) };
}

/** Σ sale totals after discount less the refunds of returns made in the period: the dashboard's total_revenue. */
export async function totalRevenue(db: Database, period: Period): Promise<number> {
  const row = await totalsIn(db, period).select(total('t.sold - t.refunds').as('total')).executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * round(Σ line quantity × the unit cost recorded at the sale − Σ the cost of goods returned in the period), rounded
 * once over the period as the dashboard does: goods back on the shelf are no longer a cost.
 */
export async function costOfGoodsSold(db: Database, period: Period): Promise<number> {
  const row = await totalsIn(db, period)
    .select(sql<number>`round(coalesce(sum(t.sold_cost - t.refund_cost), 0))::bigint`.as('total'))
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

/** A period's profit and loss: net profit = gross profit − expenses − write-off losses. */
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
  const days = splitPeriod(period, 'day');
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
    bought: number;
    paid: number;
    balance: number;
  }>`(
    SELECT sup.id, sup.name, sup.supplier_number,
      coalesce(r.batches, 0)::int AS batches_received, coalesce(r.cost, 0)::bigint AS received_cost,
      coalesce(s.quantity, 0)::float8 AS quantity_sold, coalesce(s.revenue, 0)::bigint AS revenue,
      (coalesce(s.revenue, 0) - coalesce(s.cost, 0))::bigint AS gross_profit, coalesce(v.value, 0)::bigint AS stock_value,
      coalesce(g.bought, 0)::bigint AS bought, (coalesce(g.paid_on_receipt, 0) + coalesce(p.paid, 0))::bigint AS paid,
      (coalesce(g.billed_by_end, 0) - coalesce(p.paid_by_end, 0))::bigint AS balance
    FROM suppliers sup
    LEFT JOIN (
      -- Kept per stock date and supplier from the live batches (migration 050).
      SELECT supplier_id, sum(batches) AS batches, sum(cost) AS cost FROM supplier_received_days
      WHERE stock_date >= ${period.start} AND stock_date <= ${period.end}
      GROUP BY supplier_id
    ) r ON r.supplier_id = sup.id
    LEFT JOIN (
      SELECT l.supplier_id, sum(l.quantity) AS quantity, sum(l.revenue) AS revenue, round(sum(l.cost)) AS cost
      FROM (
        -- Whole UTC days from their sums per supplier, the edges from the lines (migrations 020, 021).
        ${withEdges(
          sql`SELECT d.supplier_id, d.quantity, d.revenue, d.cost FROM sale_supplier_days d
              WHERE ${inWhole('d.day', days.whole)}`,
          days.edges,
          ({ from, until, sign }) => sql`SELECT b.supplier_id, ${sql.lit(sign)} * i.quantity,
              ${sql.lit(sign)} * (i.total_price - i.discount_amount), ${sql.lit(sign)} * i.quantity * i.unit_cost
            FROM sale_items i JOIN stock_batches b ON b.id = i.batch_id
            WHERE i.created_at >= ${from} AND i.created_at < ${until}`,
        )}
      ) l
      GROUP BY l.supplier_id
    ) s ON s.supplier_id = sup.id
    LEFT JOIN (
      -- Kept per supplier as the batches change (migration 043), rather than summed over every batch in stock.
      SELECT supplier_id, sum(value) AS value FROM supplier_stock_values GROUP BY supplier_id
    ) v ON v.supplier_id = sup.id
    LEFT JOIN (
      -- Goods received: bought in the period (on credit or paid), and the bills up to its end (for the balance).
      SELECT supplier_id,
        sum(goods_value) FILTER (WHERE received_date >= ${period.start}) AS bought,
        sum(goods_value) FILTER (WHERE received_date >= ${period.start} AND payment = 'PAID') AS paid_on_receipt,
        sum(goods_value) FILTER (WHERE payment = 'CREDIT') AS billed_by_end
      FROM goods_receipts WHERE received_date <= ${period.end}
      GROUP BY supplier_id
    ) g ON g.supplier_id = sup.id
    LEFT JOIN (
      -- Payments less their reversals, by the day they were dated.
      SELECT supplier_id, sum(amount) FILTER (WHERE payment_date >= ${period.start}) AS paid, sum(amount) AS paid_by_end
      FROM supplier_payments WHERE payment_date <= ${period.end}
      GROUP BY supplier_id
    ) p ON p.supplier_id = sup.id
    -- A supplier in the trash still shows while its stock, sales or what the shop owes it fall in the period.
    WHERE sup.deleted_at IS NULL OR r.batches > 0 OR s.quantity > 0 OR v.value > 0 OR g.bought > 0
      OR g.billed_by_end - coalesce(p.paid_by_end, 0) <> 0
  )`;
  const q = db.selectFrom(table.as('t')).selectAll();
  return (search ? q.where((eb) => matchesSearch(eb, ['t.name', 't.supplier_number'], search)) : q)
    .orderBy('t.received_cost', 'desc')
    .orderBy('t.revenue', 'desc')
    .orderBy('t.name');
}

/**
 * Σ received cost of the rows: the cost of the batches received in the period, from the stock's day totals without a
 * search (the stock report's total_stocks for the period), else from the searched suppliers' batches. Summed from the
 * rows, it computed every supplier's sales and bills as well: half the report's time over 12 months at ten times the
 * bench shop (bench/measurements.md, supplier report).
 */
export async function totalPurchases(db: Database, period: Period, search: string | undefined): Promise<number> {
  if (!search) return (await keptFigures(db, { from: period.start, to: period.end })).received_cost;
  const row = await db
    .selectFrom('supplier_received_days as d')
    .innerJoin('suppliers as sup', 'sup.id', 'd.supplier_id')
    .where('d.stock_date', '>=', period.start)
    .where('d.stock_date', '<=', period.end)
    .where((eb) => matchesSearch(eb, ['sup.name', 'sup.supplier_number'], search))
    .select(sql<number>`coalesce(sum(d.cost), 0)::bigint`.as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Tax: one row per shop day with sales or returns; taxable value = sales − the VAT they stored. A return takes its
 * refund and the VAT inside it off the day it happens, never rewriting the sale's day.
 */
export const taxRows = (db: Database, period: Period, timeZone: string) =>
  perShopDay(db, period, timeZone, [
    total('t.sold - t.refunds').as('sales'),
    total('(t.sold - t.refunds) - (t.sold_vat - t.refund_vat)').as('taxable'),
    total('t.sold_vat - t.refund_vat').as('vat'),
  ]);

export async function taxTotals(db: Database, period: Period) {
  const row = await totalsIn(db, period)
    .select([total('t.sold - t.refunds').as('sales'), total('t.sold_vat - t.refund_vat').as('vat')])
    .executeTakeFirstOrThrow();
  const sales = Number(row.sales);
  const vat = Number(row.vat);
  return { taxable: sales - vat, tax: vat };
}
