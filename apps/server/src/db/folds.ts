// Rows a sale inserts rather than rewriting a row every other sale rewrites too (migrations 051 and 053): the sale
// totals' pending rows, the stock's day and supplier rows, the sale lines' pending rows per day and supplier. The
// server moves them into the kept rows every few seconds. Every reader sums both, so a fold changes no figure anyone
// sees: it keeps the rows few, for the readers that sum them.
import { sql } from 'kysely';
import type { Database } from './connection.ts';

/**
 * Between two folds at 400 sales a second (20 tills), at most 800 pending rows for a report of today to add to the
 * kept ones, and the kept rows are rewritten a few times a minute rather than at every sale.
 */
const FOLD_EVERY_MS = 2_000;

/**
 * The database's folds. The sale totals' skips a slot a recomputation holds (folded the next time); the others
 * wait only for a rebuild after a bulk load.
 */
const FOLDS = ['fold_sale_totals', 'fold_stock_totals', 'fold_sale_supplier_days'] as const;

export type Fold = (typeof FOLDS)[number];

/** One fold, in a transaction of its own: the rows it wrote. */
export async function fold(db: Database, name: Fold): Promise<number> {
  const { rows } = await sql<{ written: number }>`SELECT ${sql.raw(name)}() AS written`.execute(db);
  return rows[0]?.written ?? 0;
}

/** Every fold in turn, until the returned stop is called, each round starting once the last has ended. */
export function foldEvery(db: Database, onError: (err: unknown, fold: Fold) => void, everyMs = FOLD_EVERY_MS) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const round = async () => {
    for (const name of FOLDS) await fold(db, name).catch((err) => onError(err, name));
  };
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(next);
    }, everyMs);
    timer.unref();
  };
  next();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
