import { lineTotal, type SaleInput, saleTotals } from '@duka/shared';
import { decrementBalance } from './catalogue.ts';
import { add, type OutboxSale } from './outbox.ts';

// A sale made while the till is offline (issue 16): the body the server will get (with its key, `offline` and the
// till's clock as `made_at`) and what the local receipt shows, kept together in the outbox.

export interface OfflineReceiptLine {
  name: string;
  brand: string;
  measurement: string;
  quantity: number;
  unit_price: number;
}

export interface OfflinePayload {
  body: SaleInput;
  cashier: string;
  lines: OfflineReceiptLine[];
}

export type OfflineSale = OutboxSale<OfflinePayload>;

/** Stores the sale in the outbox and lowers the local balances; returns its key (the receipt's address). */
export async function queueOfflineSale(
  body: SaleInput,
  lines: OfflineReceiptLine[],
  cashier: { id: number; name: string },
): Promise<string> {
  const made_at = new Date().toISOString();
  const payload: OfflinePayload = { body: { ...body, offline: true, made_at }, cashier: cashier.name, lines };
  await add<OfflinePayload>({ key: body.idempotencyKey, user_id: cashier.id, made_at, payload });
  for (const item of body.items) await decrementBalance(item.batchNumber, item.quantity);
  return body.idempotencyKey;
}

/** The receipt's figures, as the server will compute them from the same prices (it may differ if a price changed). */
export function offlineTotals(payload: OfflinePayload) {
  const totals = saleTotals(
    payload.lines.map((l) => ({ quantity: l.quantity, unit_price: l.unit_price })),
    payload.body.discount ?? 0,
  );
  return { ...totals, lineTotal: (l: OfflineReceiptLine) => lineTotal(l.quantity, l.unit_price) };
}
