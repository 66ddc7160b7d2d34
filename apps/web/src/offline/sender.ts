import { ApiError } from '../api/client.ts';
import { recordSale } from '../api/sales.ts';
import { refreshCatalogue } from './catalogue.ts';
import { addToCopiedBalance, onAccountOf } from './customers.ts';
import type { OfflinePayload } from './offline-sale.ts';
import { list, markRefused, remove } from './outbox.ts';

// Sending the outbox: the waiting sales of the signed-in cashier, in the order they were made, one at a
// time, each with its own key, so a resend after a crash or a lost answer returns the first sale instead of a second.
// A sale leaves the outbox only once the server has recorded it, or once the cashier discards a sale it refused.

/** 'nothing': no sale of this user waited, so the local copy has nothing new to learn from the server. */
export type SendResult = 'done' | 'stopped' | 'nothing';

/** True when the server has this sale's key: it can only be this sale, recorded by an earlier send. */
const keyAlreadyUsed = (err: ApiError) => err.status === 422 && Boolean(err.errors.idempotencyKey);

/**
 * A refusal that sending again will not change (a sale too old, a batch gone, a permission taken away). No session
 * (401), a timeout (408) or too many requests (429) pass with time; 5xx and no answer are the connection's.
 */
const refusedForGood = (err: ApiError) =>
  err.status >= 400 && err.status < 500 && ![401, 408, 429].includes(err.status);

/** The server's own words: the field messages when it gave them (they name what is wrong), else its message. */
export const refusalReason = (err: ApiError) => Object.values(err.errors).flat().join(' ') || err.message;

export async function sendOutbox(userId: number): Promise<SendResult> {
  // Another user's sales wait for that user to sign in again: never sent under this user's name. Refused sales wait
  // for the cashier's decision (RefusedSales) and do not hold back the ones made after them.
  const mine = (await list<OfflinePayload>()).filter((s) => s.user_id === userId && !s.refused);
  if (mine.length === 0) return 'nothing';
  // Out of the outbox, a sale on account is counted in the copied balance instead, until the copy is renewed.
  const sent = async (sale: (typeof mine)[number]) => {
    await remove(sale.key);
    const { body } = sale.payload;
    if (body.customer_id) await addToCopiedBalance(body.customer_id, onAccountOf(body));
  };
  for (const sale of mine) {
    try {
      await recordSale(sale.payload.body);
      await sent(sale);
    } catch (err) {
      if (err instanceof ApiError && keyAlreadyUsed(err)) {
        await sent(sale);
        continue;
      }
      if (err instanceof ApiError && refusedForGood(err)) {
        await markRefused(sale.key, refusalReason(err));
        continue;
      }
      // No connection, a server restarting, an expired session: everything stays for the next try.
      return 'stopped';
    }
  }
  return 'done';
}

/** Sends at once, when the connection returns and every 15 s while sales wait; returns the stop function. */
export function startOutboxSender(userId: number, every = 15_000): () => void {
  let running = false;
  const run = async () => {
    if (running || !navigator.onLine) return;
    running = true;
    try {
      // Once all is sent the server's balances count the offline sales: the local copy is renewed from them.
      if ((await sendOutbox(userId)) === 'done') await refreshCatalogue();
    } catch {
      // The refresh failed: the copy stays as it was, and the next run tries again.
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, every);
  window.addEventListener('online', run);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', run);
  };
}
