import { lineTotal, type SaleInput, saleTotals } from '@duka/shared';
import { decrementBalance, readCopyTakenAt } from './catalogue.ts';
import { add, type OutboxSale } from './outbox.ts';

// A sale made while the till is offline: the body the server will get (with its key, `offline`, the
// till's clock as `made_at` and its local copy's time as `copy_at`) and what the local receipt shows, kept together in the outbox.

export interface OfflineReceiptLine {
  name: string;
  brand: string;
  /** The unit it was sold in, as the receipt words the quantity ("2 Tonnes"). */
  measurement: string;
  /** The unit's own plural, if the shop wrote one (absent from a sale kept before receipts named units). */
  measurement_plural?: string | null;
  quantity: number;
  unit_price: number;
}

/** The customer of a sale for the debt book, as its local receipt names them. */
export interface OfflineReceiptCustomer {
  customer_number: string;
  name: string;
  phone_number: string;
}

export interface OfflinePayload {
  body: SaleInput;
  cashier: string;
  lines: OfflineReceiptLine[];
  /** The customer whose account the sale is for (body.customer_id); absent on a walk-in sale. */
  customer?: OfflineReceiptCustomer;
}

export type OfflineSale = OutboxSale<OfflinePayload>;

/**
 * The sale's time by the till's clock and the time of the local copy it was sold from (the server's, when it read
 * the copy): the server refuses a sale dated before its copy. A till clock behind the server's would date a sale made
 * just after a refresh before it: the sale was made after its copy, so it is dated no earlier than the copy.
 */
export function offlineTimes(copyTakenAt: string | undefined, now = Date.now()) {
  const copy = copyTakenAt ? Date.parse(copyTakenAt) : Number.NaN;
  if (Number.isNaN(copy)) return { made_at: new Date(now).toISOString(), copy_at: undefined };
  return { made_at: new Date(Math.max(now, copy)).toISOString(), copy_at: new Date(copy).toISOString() };
}

/** Stores the sale in the outbox and lowers the local balances; returns its key (the receipt's address). */
export async function queueOfflineSale(
  body: SaleInput,
  lines: OfflineReceiptLine[],
  cashier: { id: number; name: string },
  customer?: OfflineReceiptCustomer,
): Promise<string> {
  const { made_at, copy_at } = offlineTimes(await readCopyTakenAt());
  const payload: OfflinePayload = {
    body: { ...body, offline: true, made_at, ...(copy_at && { copy_at }) },
    cashier: cashier.name,
    lines,
    ...(customer && { customer }),
  };
  await add<OfflinePayload>({ key: body.idempotencyKey, user_id: cashier.id, made_at, payload });
  for (const item of body.items) await decrementBalance(item.batchNumber, item.quantity, item.measurementId);
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
