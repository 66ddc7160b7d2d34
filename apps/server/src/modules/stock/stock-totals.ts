// The stock's day totals the database keeps (`stock_totals`, migration 039): read by the stock list and the inventory
// reports without a search, so their counts and cards do not grow with the batches ever received.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

/** What the kept day rows add up to over the live batches received in a range of stock dates. */
export interface KeptFigures {
  /** Live batches. */
  batches: number;
  /** Those with stock. */
  in_stock: number;
  /** Those at or below their minimum level. */
  low: number;
  /** Σ their cost. */
  received_cost: number;
  /** Σ round(balance × unit cost). */
  value: number;
  /** Σ round(balance × unit cost) of the low ones. */
  low_value: number;
}

/** Σ the kept day rows (migration 039) whose stock date is within [from, to], either end open. */
export async function keptFigures(db: Database, { from, to }: { from?: string; to?: string } = {}) {
  const { rows } = await sql<Record<keyof KeptFigures, string>>`
    SELECT coalesce(sum(batches), 0) AS batches, coalesce(sum(in_stock), 0) AS in_stock, coalesce(sum(low), 0) AS low,
           coalesce(sum(received_cost), 0) AS received_cost, coalesce(sum(value), 0) AS value,
           coalesce(sum(low_value), 0) AS low_value
      FROM stock_totals
     WHERE ${from === undefined ? sql`true` : sql`stock_date >= ${from}`}
       AND ${to === undefined ? sql`true` : sql`stock_date <= ${to}`}`.execute(db);
  const row = rows[0] as Record<keyof KeptFigures, string>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as KeptFigures;
}
