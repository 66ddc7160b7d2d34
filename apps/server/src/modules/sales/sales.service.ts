// Processing a sale: prices from the batches, every line checked and decremented in one
// transaction, batches locked in ascending id order (so two carts never deadlock), nothing written on any failure,
// and a client key that makes a repeated submit return the first sale. The statements are SQL rather than the query
// builder's: building and compiling them was a measurable part of a sale's CPU when the bench measured sales per
// second. A line may be sold in another unit of its product (a Tonne of a batch counted in Bags): the batch gives
// quantity × factor base units and the line is priced per unit sold (packages/shared/src/unit-amounts.ts).
import {
  ACCOUNT_PAYMENT,
  countOf,
  inexactQuantity,
  lineTotal,
  MAX_MONEY,
  NO_BRAND,
  type SaleInput,
  saleTotals,
  spreadDiscount,
  toBaseQuantity,
  unitPrice,
  vatIncluded,
} from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import type { RequestContext } from '../../platform/audit.ts';
import { stampReceiptNumber } from '../../platform/counters.ts';
import { invalidField } from '../../platform/errors.ts';
import { newNumber, sha256 } from '../../platform/tokens.ts';
import { holdTill } from '../cashup/till-lock.ts';
import { type CreditKeys, chargeSale, lockCustomer, settleOpenItems, unknownCustomer } from '../customers/account.ts';
import { vatRateInForce } from '../settings/business.service.ts';
import { roundQuantity } from '../stock/stock.service.ts';
import { chargesAt, heldAt, heldTooLittle, offlineSaleTime, takeOfflineLine } from './offline-sale.ts';
import { settlePayments } from './sale-payments.ts';
import { notEnoughStock, type SaleUnit, unitsOfCart } from './sale-units.ts';

type Trx = Transaction<DB>;

interface LockedBatch {
  id: number;
  batch_number: string;
  product_id: number;
  /** Null for goods without a brand. */
  brand_id: number | null;
  measurement_id: number;
  sale_price: number;
  unit_price: number;
  balance: number;
  product_name: string;
  brand_name: string;
}

interface SaleLine {
  sale_id: number;
  batch_id: number;
  product_id: number;
  brand_id: number | null;
  /** The base unit: the batch's. */
  measurement_id: number;
  /** Base units, as the batch gave them. */
  quantity: number;
  /** Null when sold in the base unit. */
  sold_measurement_id: number | null;
  /** In the sold unit: quantity ÷ factor. */
  sold_quantity: number;
  factor: number;
  /** Per sold unit. */
  unit_price: number;
  /** Per base unit. */
  unit_cost: number;
  total_price: number;
}

/**
 * Equal lines (same batch, same unit) become one. Lines of one batch in different units stay apart; the batch's
 * balance is then followed line by line, so it is checked against the whole quantity asked of it.
 */
function mergeLines(items: SaleInput['items']) {
  const byLine = new Map<string, SaleInput['items'][number]>();
  for (const item of items) {
    const key = `${item.batchNumber}:${item.measurementId ?? ''}`;
    const seen = byLine.get(key);
    byLine.set(key, seen ? { ...seen, quantity: roundQuantity(seen.quantity + item.quantity) } : item);
  }
  return [...byLine.values()];
}

/** Object keys sorted at every level, undefined dropped: equal requests give equal text whatever the key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * What a sale key is bound to: the user and the validated request. The client's price is left out because the
 * server ignores it; the key itself because it is what is being looked up.
 */
export function saleRequestHash(input: SaleInput, userId: number | null): string {
  const { idempotencyKey: _key, items, ...rest } = input;
  const cart = items.map(({ salePrice: _price, ...line }) => line);
  return sha256(canonicalJson({ userId, sale: { ...rest, items: cart } }));
}

// Under the key's field: the till reads a refusal of the key as "this sale may be recorded", and keeps it.
const keyReused = () => invalidField('idempotencyKey', 'This sale key was already used for a different sale.');

async function lockBatches(trx: Trx, batchNumbers: string[]): Promise<Map<string, LockedBatch>> {
  const rows = await sql<LockedBatch>`
    SELECT s.id, s.batch_number, s.product_id, s.brand_id, s.measurement_id, s.sale_price, s.unit_price, s.balance,
           p.name AS product_name, coalesce(b.name, ${NO_BRAND}::text) AS brand_name
    FROM stock_batches s JOIN products p ON p.id = s.product_id LEFT JOIN brands b ON b.id = s.brand_id
    WHERE s.batch_number = ANY(${batchNumbers}::text[])
      AND s.deleted_at IS NULL AND p.deleted_at IS NULL AND b.deleted_at IS NULL
    ORDER BY s.id
    FOR UPDATE OF s`.execute(trx);
  return new Map(rows.rows.map((r) => [r.batch_number, r]));
}

/** Nobody's credit keys: a sale of a caller that may not sell on account. */
const NO_CREDIT: CreditKeys = { creditSale: false, override: false };

/** A price per unit sold set before the sale (a quotation's), for a batch sold in a unit; undefined: the batch's. */
export type AgreedPrice = (batchNumber: string, measurementId: number | undefined) => number | undefined;

export function processSale(
  db: Database,
  input: SaleInput,
  ctx: RequestContext,
  may: CreditKeys = NO_CREDIT,
): Promise<{ id: number; replayed: boolean }> {
  return db.transaction().execute((trx) => recordSale(trx, input, ctx, may));
}

/**
 * The sale inside the caller's transaction (the POS's own, or a quotation's conversion with the quotation locked).
 * `agreed` gives a line's price when one was agreed before (a quotation), else the batch's price is charged.
 */
export async function recordSale(
  trx: Trx,
  input: SaleInput,
  ctx: RequestContext,
  may: CreditKeys = NO_CREDIT,
  agreed?: AgreedPrice,
): Promise<{ id: number; replayed: boolean }> {
  const lines = mergeLines(input.items);
  const requestHash = saleRequestHash(input, ctx.userId);
  // Before anything else, so the sale lands wholly before or after a cash-up of this cashier being saved.
  await holdTill(trx, ctx.userId);
  // Claiming the key first: a concurrent submit with the same key waits here for this one to finish.
  const claimed = (
    await sql<{ id: number; sale_number: string }>`
      INSERT INTO sales (sale_number, idempotency_key, request_hash, customer_name, customer_phone, customer_email,
                         customer_address, discount_percent, subtotal, discount_amount, total_amount, payment_method,
                         notice, deliver_later, created_by)
      VALUES (${newNumber('SN')}, ${input.idempotencyKey}, ${requestHash}, ${input.customerName},
              ${input.customerPhone}, ${input.customerEmail ?? null}, ${input.customerAddress ?? null},
              ${input.discount}, 0, 0, 0, ${input.paymentMethod ?? 'CASH'}, ${input.notice ?? null},
              ${input.deliver_later ?? false}, ${ctx.userId})
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, sale_number`.execute(trx)
  ).rows[0];
  if (!claimed) {
    const first = await trx
      .selectFrom('sales')
      .select(['id', 'created_by', 'request_hash'])
      .where('idempotency_key', '=', input.idempotencyKey)
      .executeTakeFirstOrThrow();
    // Only the same user replaying the same request gets the first sale; anyone else learns nothing of it.
    // Sales from before keys were bound to their request have no hash: the user alone decides.
    const isSameRequest = first.request_hash === null || first.request_hash === requestHash;
    if (first.created_by !== ctx.userId || !isSameRequest) throw keyReused();
    return { id: first.id, replayed: true };
  }
  // Checked after the key, so the replay of an accepted offline sale still answers with it a week later.
  const madeAt = input.offline && input.made_at ? offlineSaleTime(input.made_at) : null;
  // created_at is never written by the app otherwise (the schema types it so); an offline sale is its exception.
  if (madeAt) await sql`UPDATE sales SET created_at = ${madeAt} WHERE id = ${claimed.id}`.execute(trx);
  let shortfalls = 0;
  // The customer before the batches, as every write to an account locks them (customers/account.ts).
  const customer =
    input.customer_id === undefined ? undefined : await lockCustomer(trx, input.customer_id, madeAt !== null);
  if (input.customer_id !== undefined && !customer) throw unknownCustomer();

  const batches = await lockBatches(trx, lines.map((l) => l.batchNumber).sort());
  // An offline sale is charged the prices and VAT rate in force when it was made; any other the current ones.
  const then = madeAt ? await chargesAt(trx, batches.values(), madeAt) : undefined;
  // The units of the cart's products, read only when a line names one other than its batch's.
  const units = await unitsOfCart(trx, lines, batches);
  // What each batch gave and was asked for so far in this sale (an offline sale's shortfall never left it).
  const offlineTaken = new Map<number, { asked: number; taken: number }>();
  const saleLines: SaleLine[] = [];
  for (const [index, line] of lines.entries()) {
    const batch = batches.get(line.batchNumber);
    if (!batch) throw invalidField(`items.${index}.batchNumber`, `Batch ${line.batchNumber} is not in stock.`);
    const mismatch =
      (line.productId && line.productId !== batch.product_id) || (line.brandId && line.brandId !== batch.brand_id);
    if (mismatch)
      throw invalidField(
        `items.${index}`,
        `Batch ${batch.batch_number} does not hold that product, brand and measurement.`,
      );
    const named =
      line.measurementId && line.measurementId !== batch.measurement_id
        ? units.get(`${batch.product_id}:${line.measurementId}`)
        : undefined;
    // Factors are of the product's base: only a batch counted in it is sold in the product's other units.
    const unit: SaleUnit | undefined =
      named && (named.base_id ?? batch.measurement_id) === batch.measurement_id ? named : undefined;
    if (line.measurementId && line.measurementId !== batch.measurement_id && !unit)
      throw invalidField(
        `items.${index}.measurementId`,
        `${batch.product_name} is not sold in that unit: choose its base unit or one of its units.`,
      );
    const factor = unit?.factor ?? 1;
    const base = unit ? toBaseQuantity(line.quantity, factor) : line.quantity;
    if (base === null)
      throw invalidField(`items.${index}.quantity`, inexactQuantity(line.quantity, unit as SaleUnit, factor));
    if (madeAt) {
      const so = offlineTaken.get(batch.id) ?? { asked: 0, taken: 0 };
      // Never more than the batch held when the sale was made: what it holds now, plus what left it since (and what
      // this sale's earlier lines took from it).
      if (batch.balance < base) {
        const held = roundQuantity((await heldAt(trx, batch, madeAt)) + so.taken);
        const asked = roundQuantity(so.asked + base);
        if (held < asked) throw heldTooLittle(batch, held, asked, madeAt);
      }
      // The customer left with the goods: the line is recorded in full, whatever the batch still holds.
      const took = await takeOfflineLine(trx, batch, base, claimed.id);
      if (took.shortfall > 0) shortfalls += 1;
      batch.balance = roundQuantity(batch.balance - took.taken);
      offlineTaken.set(batch.id, {
        asked: roundQuantity(so.asked + base),
        taken: roundQuantity(so.taken + took.taken),
      });
    } else if (batch.balance < base) {
      throw await notEnoughStock(trx, batch, unit);
    } else {
      await sql`
        UPDATE stock_batches
        SET quantity_sold = quantity_sold + ${base}, balance = balance - ${base}, updated_at = ${new Date()}
        WHERE id = ${batch.id}`.execute(trx);
      batch.balance = roundQuantity(batch.balance - base);
    }
    const perBase = then?.prices.get(batch.id) ?? batch.sale_price;
    const price =
      agreed?.(batch.batch_number, line.measurementId) ??
      (unit ? unitPrice(perBase, factor, unit.bulk_discount_percent) : perBase);
    saleLines.push({
      sale_id: claimed.id,
      batch_id: batch.id,
      product_id: batch.product_id,
      brand_id: batch.brand_id,
      measurement_id: batch.measurement_id,
      quantity: base,
      sold_measurement_id: unit ? unit.measurement_id : null,
      sold_quantity: line.quantity,
      factor,
      unit_price: price,
      unit_cost: batch.unit_price,
      total_price: lineTotal(line.quantity, price),
    });
  }
  const totals = saleTotals(
    saleLines.map((l) => ({ quantity: l.sold_quantity, unit_price: l.unit_price })),
    input.discount,
  );
  if (totals.subtotal > MAX_MONEY) throw invalidField('items', 'This sale is too large to record. Split it in two.');
  // Each line keeps its share of the discount, so the reports' line amounts add up to the sale's total.
  const lineDiscounts = spreadDiscount(
    saleLines.map((l) => l.total_price),
    totals.discount_amount,
  );
  await sql`
    INSERT INTO sale_items (sale_id, batch_id, product_id, brand_id, measurement_id, quantity, sold_measurement_id,
                            sold_quantity, factor, unit_price, unit_cost, total_price, discount_amount,
                            deliver_later)
    VALUES ${sql.join(
      saleLines.map(
        (l, i) =>
          sql`(${l.sale_id}, ${l.batch_id}, ${l.product_id}, ${l.brand_id}, ${l.measurement_id}, ${l.quantity},
               ${l.sold_measurement_id}, ${l.sold_measurement_id === null ? null : l.sold_quantity}, ${l.factor},
               ${l.unit_price}, ${l.unit_cost}, ${l.total_price}, ${lineDiscounts[i] ?? 0},
               ${input.deliver_later ?? false})`,
      ),
    )}`.execute(trx);
  // VAT-inclusive prices: the sale keeps the rate in force and the VAT inside its total (0 when not registered).
  const vatRate = then?.vatRate ?? (await vatRateInForce(trx));
  const vat = { vat_rate: vatRate, vat_amount: vatIncluded(totals.total_amount, vatRate) };
  const paid = settlePayments(input, totals.total_amount);
  if (paid.payments.length > 0)
    await sql`
      INSERT INTO sale_payments (sale_id, method, amount, reference)
      VALUES ${sql.join(paid.payments.map((p) => sql`(${claimed.id}, ${p.method}, ${p.amount}, ${p.reference})`))}`.execute(
      trx,
    );
  const onAccount = paid.payments.find((p) => p.method === ACCOUNT_PAYMENT)?.amount ?? 0;
  const charged = customer
    ? await chargeSale(
        trx,
        { customer, onAccount, offline: madeAt !== null, overrideReason: input.credit_override_reason },
        may,
      )
    : undefined;
  const paidBy = paid.payments.map((p) => `${p.method} ${p.amount}${p.reference ? ` ref ${p.reference}` : ''}`);
  // Last, once nothing else can refuse the sale: the counter row stays locked until the commit.
  const figures = {
    ...totals,
    ...vat,
    payment_method: paid.method,
    change_given: paid.changeGiven,
    account: charged?.account,
  };
  await stampReceiptNumber(trx, { id: claimed.id, figures }, ctx, {
    type: 'Sales',
    activity: 'Sale',
    details: (receiptNumber) =>
      `Sale ${claimed.sale_number} (receipt ${receiptNumber}): ${countOf(lines.length, 'line')}, total ${totals.total_amount} UGX (${paidBy.join(', ') || paid.method}; change ${paid.changeGiven})${charged ? `; ${charged.note}` : ''}${madeAt ? `; made offline at ${madeAt.toISOString()}${shortfalls ? `, ${countOf(shortfalls, 'stock discrepancy', 'stock discrepancies')}` : ''}` : ''}`,
  });
  // The customer's advance settles the sale now that it carries what it owes (the customer is still locked).
  if (charged?.takesAdvance) await settleOpenItems(trx, charged.account.customer_id);
  return { id: claimed.id, replayed: false };
}
