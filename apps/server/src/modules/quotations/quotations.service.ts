// Quotations as written: made and changed while open (prices checked as quote-prices.ts says), cancelled with a
// reason, and converted once into a sale through the POS's own path (recordSale) in the same transaction as the
// quotation's new status, so a quotation is never half-converted.
import {
  DEFAULT_QUOTATION_DAYS,
  formatMoney,
  type QuotationConvertInput,
  type QuotationInput,
  type SaleInput,
  saleTotals,
  toBaseQuantity,
} from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { addDays, shopDay } from '../../platform/period.ts';
import type { CreditKeys } from '../customers/account.ts';
import { checkedLines } from '../purchasing/purchase-orders.service.ts';
import { recordSale } from '../sales/sales.service.ts';
import { firstBatch, type QuoteKeys, quotedPrices } from './quote-prices.ts';

type Trx = Transaction<DB>;

export const QUOTATION_AUDIT_TYPE = 'Quotation';

/** Who the quotation is for: a live customer of the debt book, or the name and phone given. */
async function quotedFor(trx: Trx, input: QuotationInput) {
  if (!input.customer_id)
    return { customer_id: null, customer_name: input.customer_name ?? '', customer_phone: input.customer_phone ?? '' };
  const customer = await trx
    .selectFrom('customers')
    .select(['id', 'name', 'phone_number'])
    .where('id', '=', input.customer_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!customer) throw invalidField('customer_id', 'Unknown customer.');
  return { customer_id: customer.id, customer_name: customer.name, customer_phone: customer.phone_number };
}

/** The lines checked against the catalogue and priced, ready to store. */
async function pricedLines(trx: Trx, input: QuotationInput, may: QuoteKeys) {
  const checked = await checkedLines(
    trx,
    input.lines.map((l) => ({ ...l, unit_cost: l.unit_price ?? 0 })),
    'quoted',
  );
  const withFactor = input.lines.map((l, i) => ({ ...l, factor: checked[i]?.factor ?? 1 }));
  const prices = await quotedPrices(trx, withFactor, may);
  return withFactor.map((l, i) => ({
    product_id: l.product_id,
    brand_id: l.brand_id,
    measurement_id: l.measurement_id,
    factor: l.factor,
    quantity: l.quantity,
    unit_price: prices[i] as number,
  }));
}

type PricedLine = Awaited<ReturnType<typeof pricedLines>>[number];

const totalOf = (lines: readonly PricedLine[], discount: number) =>
  saleTotals(
    lines.map((l) => ({ quantity: l.quantity, unit_price: l.unit_price })),
    discount,
  ).total_amount;

function validUntil(input: QuotationInput, timeZone: string) {
  const today = shopDay(timeZone);
  const until = input.valid_until ?? addDays(today, DEFAULT_QUOTATION_DAYS);
  if (until < today) throw invalidField('valid_until', 'The valid-until date cannot be in the past.');
  return until;
}

export function createQuotation(
  db: Database,
  input: QuotationInput,
  ctx: RequestContext,
  timeZone: string,
  may: QuoteKeys,
) {
  const until = validUntil(input, timeZone);
  return db.transaction().execute(async (trx) => {
    const customer = await quotedFor(trx, input);
    const lines = await pricedLines(trx, input, may);
    const quotation_number = await nextDocumentNumber(trx, 'quotation', 'QT-');
    const made = await trx
      .insertInto('quotations')
      .values({
        quotation_number,
        ...customer,
        valid_until: until,
        notes: input.notes ?? null,
        discount_percent: input.discount,
        created_by: ctx.userId,
      })
      .returning(['id', 'quotation_number'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('quotation_lines')
      .values(lines.map((l) => ({ ...l, quotation_id: made.id })))
      .execute();
    await writeAudit(trx, ctx, {
      type: QUOTATION_AUDIT_TYPE,
      activity: 'Create',
      details: `Created quotation ${quotation_number} for ${customer.customer_name} (${customer.customer_phone}): ${lines.length} line${lines.length === 1 ? '' : 's'}, total UGX ${formatMoney(totalOf(lines, input.discount))}, valid until ${until}`,
    });
    return made;
  });
}

/** The quotation's row, locked until the transaction ends: editing, cancelling and converting go one at a time. */
async function lockQuotation(trx: Trx, id: number) {
  const quotation = await trx
    .selectFrom('quotations')
    .selectAll()
    .select(sql<string>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_day'))
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!quotation) throw notFound('Quotation');
  return quotation;
}

const notOpen = (q: { quotation_number: string; status: string }) =>
  new AppError(
    'conflict',
    q.status === 'CONVERTED'
      ? `${q.quotation_number} was converted into a sale; it can no longer be changed.`
      : `${q.quotation_number} was cancelled; it can no longer be changed.`,
  );

export function updateQuotation(
  db: Database,
  id: number,
  input: QuotationInput,
  ctx: RequestContext,
  timeZone: string,
  may: QuoteKeys,
) {
  const until = validUntil(input, timeZone);
  return db.transaction().execute(async (trx) => {
    const quotation = await lockQuotation(trx, id);
    if (quotation.status !== 'OPEN') throw notOpen(quotation);
    const customer = await quotedFor(trx, input);
    const lines = await pricedLines(trx, input, may);
    await trx.deleteFrom('quotation_lines').where('quotation_id', '=', id).execute();
    await trx
      .insertInto('quotation_lines')
      .values(lines.map((l) => ({ ...l, quotation_id: id })))
      .execute();
    await trx
      .updateTable('quotations')
      .set({
        ...customer,
        valid_until: until,
        notes: input.notes ?? null,
        discount_percent: input.discount,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: QUOTATION_AUDIT_TYPE,
      activity: 'Update',
      details: `Updated quotation ${quotation.quotation_number}: ${lines.length} line${lines.length === 1 ? '' : 's'}, total UGX ${formatMoney(totalOf(lines, input.discount))}, valid until ${until}`,
    });
    return { id, quotation_number: quotation.quotation_number };
  });
}

export function cancelQuotation(db: Database, id: number, reason: string, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const quotation = await lockQuotation(trx, id);
    if (quotation.status !== 'OPEN') throw notOpen(quotation);
    await trx
      .updateTable('quotations')
      .set({ status: 'CANCELLED', cancel_reason: reason, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: QUOTATION_AUDIT_TYPE,
      activity: 'Cancel',
      details: `Cancelled quotation ${quotation.quotation_number}: ${reason}`,
    });
    return { id, quotation_number: quotation.quotation_number };
  });
}

const receiptOf = async (trx: Trx, saleId: number) =>
  trx
    .selectFrom('sales')
    .select(['id', 'receipt_number', 'idempotency_key', 'created_by'])
    .where('id', '=', saleId)
    .executeTakeFirstOrThrow();

/**
 * The sale a quotation becomes: each line from the oldest batch of its product and brand that holds all of it (else
 * the oldest with stock, which the sale then refuses naming what is left), at the quoted price unless re-priced,
 * with the quotation's discount, through the POS's path. A second convert with the same key answers the same sale.
 */
export function convertQuotation(
  db: Database,
  id: number,
  input: QuotationConvertInput,
  ctx: RequestContext,
  timeZone: string,
  may: CreditKeys,
) {
  return db.transaction().execute(async (trx) => {
    const quotation = await lockQuotation(trx, id);
    if (quotation.status === 'CONVERTED' && quotation.sale_id !== null) {
      const sale = await receiptOf(trx, quotation.sale_id);
      if (sale.idempotency_key === input.idempotencyKey && sale.created_by === ctx.userId)
        return { sale_id: sale.id, receipt_number: sale.receipt_number };
      throw new AppError(
        'conflict',
        `${quotation.quotation_number} was converted already: sale ${sale.receipt_number ?? sale.id}.`,
      );
    }
    if (quotation.status === 'CANCELLED')
      throw new AppError('conflict', `${quotation.quotation_number} was cancelled; it cannot be sold.`);
    if (quotation.valid_day < shopDay(timeZone) && !input.reprice)
      throw invalidField(
        'reprice',
        `${quotation.quotation_number} expired on ${quotation.valid_day}: convert it at today's prices.`,
      );
    const lines = await trx
      .selectFrom('quotation_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select([
        'l.product_id',
        'l.brand_id',
        'l.measurement_id',
        'l.factor',
        'l.quantity',
        'l.unit_price',
        'p.name',
        'p.base_measurement_id',
      ])
      .where('l.quotation_id', '=', id)
      .orderBy('l.id')
      .execute();
    const items: SaleInput['items'] = [];
    const agreed = new Map<string, number>();
    for (const line of lines) {
      const baseId = line.base_measurement_id ?? line.measurement_id;
      const needed = toBaseQuantity(line.quantity, line.factor) ?? line.quantity;
      const batch = (await firstBatch(trx, line, baseId, needed)) ?? (await firstBatch(trx, line, baseId));
      if (!batch) throw new AppError('conflict', `${line.name} is out of stock.`);
      const measurementId = line.measurement_id === baseId ? undefined : line.measurement_id;
      items.push({
        batchNumber: batch.batch_number,
        quantity: line.quantity,
        productId: line.product_id,
        ...(line.brand_id === null ? {} : { brandId: line.brand_id }),
        ...(measurementId === undefined ? {} : { measurementId }),
      });
      if (!input.reprice) agreed.set(`${batch.batch_number}:${measurementId ?? ''}`, line.unit_price);
    }
    const sale = await recordSale(
      trx,
      {
        customerName: quotation.customer_name,
        customerPhone: quotation.customer_phone,
        items,
        discount: Number(quotation.discount_percent),
        payments: input.payments,
        customer_id: input.customer_id ?? quotation.customer_id ?? undefined,
        credit_override_reason: input.credit_override_reason,
        idempotencyKey: input.idempotencyKey,
        deliver_later: input.deliver_later,
        notice: `Quotation ${quotation.quotation_number}`,
      } as SaleInput,
      ctx,
      may,
      (batchNumber, measurementId) => agreed.get(`${batchNumber}:${measurementId ?? ''}`),
    );
    if (sale.replayed) throw invalidField('idempotencyKey', 'This sale key was already used for a different sale.');
    await trx
      .updateTable('quotations')
      .set({ status: 'CONVERTED', sale_id: sale.id, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    const made = await receiptOf(trx, sale.id);
    await writeAudit(trx, ctx, {
      type: QUOTATION_AUDIT_TYPE,
      activity: 'Convert',
      details: `Converted quotation ${quotation.quotation_number} into sale ${made.receipt_number}${input.reprice ? " at today's prices" : ''}${input.deliver_later ? ', goods collected later' : ''}`,
    });
    return { sale_id: made.id, receipt_number: made.receipt_number };
  });
}
