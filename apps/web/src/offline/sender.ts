import { ApiError, api } from '../api/client.ts';
import { refreshCatalogue } from './catalogue.ts';
import type { OfflinePayload } from './offline-sale.ts';
import { list, remove } from './outbox.ts';

// Sending the outbox (issue 16): the waiting sales of the signed-in cashier, in the order they were made, one at a
// time, each with its own key, so a resend after a crash or a lost answer returns the first sale instead of a second.
// A sale leaves the outbox only once the server has answered for it.

export type SendResult = 'done' | 'stopped';

/** True when the server has this sale's key: it can only be this sale, recorded by an earlier send. */
const keyAlreadyUsed = (err: ApiError) => err.status === 422 && Boolean(err.errors.idempotencyKey);

export async function sendOutbox(userId: number): Promise<SendResult> {
  // Another user's sales wait for that user to sign in again: never sent under this user's name.
  const mine = (await list<OfflinePayload>()).filter((s) => s.user_id === userId);
  for (const sale of mine) {
    try {
      await api('POST', '/salesstore', sale.payload.body);
      await remove(sale.key);
    } catch (err) {
      if (err instanceof ApiError && keyAlreadyUsed(err)) {
        await remove(sale.key);
        continue;
      }
      // No connection, a server restarting, an expired session: everything stays for the next try. A sale the
      // server refuses for good (too old) stays too, counted by the indicator, for a manager to enter by hand.
      if (!(err instanceof ApiError) || err.status !== 422) return 'stopped';
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
