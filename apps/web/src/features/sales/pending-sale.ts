import { API } from 'virtual:contract-addresses';
import type { SaleInput } from '@duka/shared';
import { ApiError, fetchEndpoint } from '../../api/client.ts';
import { NoSaleAnswer } from '../../api/sales.ts';
import type { OfflineReceiptCustomer, OfflineReceiptLine } from '../../offline/offline-sale.ts';
import { useStoredState } from '../../platform/use-stored-state.ts';

// A sale between the press of Process Sale and the reading of the server's answer. It is kept in local storage with
// its key, so after a lost reply, a hang or a reload the very same body goes again under the same key and the server
// hands back the first sale instead of recording a second.
export type AfterSale = 'receipt' | 'invoice' | 'stay';
export interface PendingSale {
  body: SaleInput;
  afterSale: AfterSale;
  /** The cart's names and prices, for the local receipt should the sale have to wait offline. */
  lines?: OfflineReceiptLine[];
  /** The customer whose account the sale is for, as the local receipt names them. */
  customer?: OfflineReceiptCustomer;
}

export function usePendingSale() {
  const [pending, setPending, forget] = useStoredState<PendingSale | null>('posPendingSale', null);
  return { pending: pending?.body ? pending : null, keep: setPending, forget };
}

/**
 * True unless the server read this sale and refused it (then its key has no sale and the cart can be fixed and sent
 * anew). No answer, a server or gateway failure, a sign-in or permission refusal, a rate limit or a refusal of the key
 * itself all leave the sale possibly recorded, so it stays kept to be sent again.
 */
export function mayBeRecorded(err: unknown): boolean {
  if (err instanceof NoSaleAnswer) return true;
  if (!(err instanceof ApiError)) return true;
  if (err.status === 0 || err.status >= 500 || [401, 403, 408, 429].includes(err.status)) return true;
  return Boolean(err.errors.idempotencyKey);
}

/**
 * True when the sale got no answer because the server cannot be reached at all: the request failed at the
 * network and a quick look at the server fails too. A connection cut while the server is up keeps the "not confirmed"
 * banner instead, to send again at once; either way the same key goes, so the sale is never doubled.
 */
export async function serverUnreachable(err: unknown): Promise<boolean> {
  if (!(err instanceof ApiError) || err.status !== 0) return false;
  if (!navigator.onLine) return true;
  try {
    const res = await fetchEndpoint(API.service.health, undefined, {
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    return !res.ok && res.status >= 500;
  } catch {
    return true;
  }
}
