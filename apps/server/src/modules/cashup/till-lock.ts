// The cash-up's cut-off: each sale and return of a cashier holds that cashier's till lock shared from the
// first statement of its transaction to its commit; saving a cash-up takes it exclusively. So while a cash-up reads
// its figures no sale or return of that cashier is half-done: each one either committed before (and is counted) or
// gets its id after (higher than the cash-up's last ids, so it counts in the next one). Sales of one cashier never
// wait for each other, only for a cash-up being saved.
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';

/**
 * The advisory lock's first key: 1313, apart from the app's other two-key advisory locks (20: the sale totals); the
 * second key is the cashier's user id.
 */
const TILL = 1313;

/** A sale's or return's hold on its cashier's till (none for a sale without a user, which no cash-up counts). */
export async function holdTill(trx: Database, userId: number | null): Promise<void> {
  if (userId !== null) await sql`SELECT pg_advisory_xact_lock_shared(${TILL}, ${userId})`.execute(trx);
}

/** A cash-up's hold: waits for the cashier's sales and returns under way, and holds back the next ones. */
export async function closeTill(trx: Database, userId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${TILL}, ${userId})`.execute(trx);
}
