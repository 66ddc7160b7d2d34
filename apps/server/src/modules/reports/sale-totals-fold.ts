// The sale totals' pending rows, one a sale (migration 051), moved into the kept rows every few seconds. Every reader
// sums both, so a fold changes no figure anyone sees: it keeps the pending rows few, for the readers that sum them.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

/**
 * Between two folds at 400 sales a second (20 tills), at most 800 pending rows for a report of today to add to the
 * kept ones, and the kept rows are rewritten a few times a minute rather than three times a sale.
 */
const FOLD_EVERY_MS = 2_000;

/** One fold: the pending rows moved (a slot whose lock a recomputation holds waits for the next fold). */
export async function foldSaleTotals(db: Database): Promise<number> {
  const { rows } = await sql<{ moved: number }>`SELECT fold_sale_totals() AS moved`.execute(db);
  return rows[0]?.moved ?? 0;
}

/** Folds until the returned stop is called, each fold starting once the last has ended; a failure is reported. */
export function foldSaleTotalsEvery(db: Database, onError: (err: unknown) => void, everyMs = FOLD_EVERY_MS) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = foldSaleTotals(db).catch(onError).finally(next);
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
