import type { Database } from '../src/db/connection.ts';
import { type Fold, fold } from '../src/db/folds.ts';

/** Folds over and over while `work` runs (sales, say), as the server's loop would: the rows the folds wrote. */
export async function foldingThrough(db: Database, name: Fold, work: Promise<unknown>): Promise<number> {
  let working = true;
  let written = 0;
  const folding = (async () => {
    while (working) written += await fold(db, name);
  })();
  await work.finally(() => {
    working = false;
  });
  await folding;
  return written;
}
