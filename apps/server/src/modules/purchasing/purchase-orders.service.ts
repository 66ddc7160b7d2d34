// Purchase orders as written: made, changed while nothing has come in, cancelled with a reason. Each write is one
// transaction with its audit row; the order's number comes from the shop counter, taken last so it is held briefly.
import { formatMoney, lineTotal, MAX_MONEY, type PurchaseOrderInput, quantityWithUnit } from '@duka/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { AppError, invalidField, notFound } from '../../platform/errors.ts';
import { chosenUnit } from '../stock/batch-units.ts';

type Trx = Transaction<DB>;

export const AUDIT_TYPE = 'Purchase order';

/** A line as stored: its unit's factor found, its words for the audit row. */
interface CheckedLine {
  product_id: number;
  brand_id: number | null;
  measurement_id: number;
  factor: number;
  quantity: number;
  unit_cost: number;
}

export async function liveSupplier(trx: Trx, id: number) {
  const supplier = await trx
    .selectFrom('suppliers')
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!supplier) throw invalidField('supplier_id', 'The supplier was not found: choose one from the list.');
  return supplier;
}

/**
 * Each line's product, brand and unit checked against the catalogue: a live product, a brand of that product (or
 * none), and a unit it may be ordered in, chosen as receiving chooses it (the base or one of its declared units; a
 * product that declared none may name any unit, as its batches may).
 */
export async function checkedLines(
  trx: Trx,
  lines: PurchaseOrderInput['lines'],
  verb = 'ordered',
): Promise<CheckedLine[]> {
  const checked: CheckedLine[] = [];
  for (const [i, line] of lines.entries()) {
    const field = (name: string) => `lines.${i}.${name}`;
    const product = await trx
      .selectFrom('products')
      .select(['name', 'base_measurement_id'])
      .where('id', '=', line.product_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!product) throw invalidField(field('product_id'), 'The product was not found: choose one from the list.');
    if (line.brand_id !== null) {
      const brand = await trx
        .selectFrom('brands')
        .select(['name', 'product_id'])
        .where('id', '=', line.brand_id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!brand) throw invalidField(field('brand_id'), 'The brand was not found: choose one from the list.');
      if (brand.product_id !== line.product_id)
        throw invalidField(field('brand_id'), `${brand.name} is not a brand of ${product.name}.`);
    }
    const unit = await trx
      .selectFrom('measurements')
      .select('id')
      .where('id', '=', line.measurement_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!unit) throw invalidField(field('measurement_id'), 'The unit was not found: choose one from the list.');
    const factor =
      product.base_measurement_id === null
        ? 1
        : (
            await chosenUnit(
              trx,
              { productId: line.product_id, baseId: product.base_measurement_id, measurementId: line.measurement_id },
              { field: field('measurement_id'), verb },
            )
          ).factor;
    if (lineTotal(line.quantity, line.unit_cost) > MAX_MONEY)
      throw invalidField(field('quantity'), `One line may come to at most UGX ${formatMoney(MAX_MONEY)}.`);
    checked.push({ ...line, factor: Number(factor) });
  }
  return checked;
}

const totalOf = (lines: { quantity: number; unit_cost: number }[]) =>
  lines.reduce((sum, l) => sum + lineTotal(l.quantity, l.unit_cost), 0);

/** "3 lines, total UGX 1,250,000" for the audit row. */
const summary = (lines: CheckedLine[]) =>
  `${lines.length} line${lines.length === 1 ? '' : 's'}, total UGX ${formatMoney(totalOf(lines))}`;

const insertLines = (trx: Trx, orderId: number, lines: CheckedLine[]) =>
  trx
    .insertInto('purchase_order_lines')
    .values(lines.map((l) => ({ ...l, purchase_order_id: orderId })))
    .execute();

export function createPurchaseOrder(db: Database, input: PurchaseOrderInput, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const supplier = await liveSupplier(trx, input.supplier_id);
    const lines = await checkedLines(trx, input.lines);
    const po_number = await nextDocumentNumber(trx, 'purchase_order', 'PO-');
    const order = await trx
      .insertInto('purchase_orders')
      .values({
        po_number,
        supplier_id: supplier.id,
        expected_date: input.expected_date ?? null,
        notes: input.notes || null,
        created_by: ctx.userId,
      })
      .returning(['id', 'po_number'])
      .executeTakeFirstOrThrow();
    await insertLines(trx, order.id, lines);
    await writeAudit(trx, ctx, {
      type: AUDIT_TYPE,
      activity: 'Create',
      details: `Created purchase order ${po_number} to ${supplier.name}: ${summary(lines)}`,
    });
    return order;
  });
}

/** The order's row, locked until the transaction ends: receiving, editing and cancelling take it one at a time. */
export async function lockOrder(trx: Trx, id: number) {
  const order = await trx
    .selectFrom('purchase_orders')
    .select(['id', 'po_number', 'status', 'supplier_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!order) throw notFound('Purchase order');
  return order;
}

export function updatePurchaseOrder(db: Database, id: number, input: PurchaseOrderInput, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, id);
    if (order.status === 'CANCELLED')
      throw new AppError('conflict', `${order.po_number} was cancelled; it can no longer be changed.`);
    const received = await trx
      .selectFrom('purchase_order_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
      .select(['p.name', 'm.name as unit', 'm.plural', 'l.received_quantity'])
      .where('l.purchase_order_id', '=', id)
      .where('l.received_quantity', '>', 0)
      .orderBy('l.id')
      .executeTakeFirst();
    if (received)
      throw new AppError(
        'conflict',
        `${quantityWithUnit(received.received_quantity, { name: received.unit, plural: received.plural })} of ${received.name} ` +
          `were received against ${order.po_number}; it can no longer be changed.`,
      );
    const before = await trx
      .selectFrom('purchase_order_lines')
      .select(['quantity', 'unit_cost'])
      .where('purchase_order_id', '=', id)
      .execute();
    const supplier = await liveSupplier(trx, input.supplier_id);
    const lines = await checkedLines(trx, input.lines);
    await trx.deleteFrom('purchase_order_lines').where('purchase_order_id', '=', id).execute();
    await insertLines(trx, id, lines);
    await trx
      .updateTable('purchase_orders')
      .set({
        supplier_id: supplier.id,
        expected_date: input.expected_date ?? null,
        notes: input.notes || null,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: AUDIT_TYPE,
      activity: 'Update',
      details:
        `Updated purchase order ${order.po_number} to ${supplier.name}: ${summary(lines)} ` +
        `(was ${before.length} line${before.length === 1 ? '' : 's'}, total UGX ${formatMoney(totalOf(before))})`,
    });
    return { id, po_number: order.po_number };
  });
}

export function cancelPurchaseOrder(db: Database, id: number, reason: string, ctx: RequestContext) {
  return db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, id);
    if (order.status === 'CANCELLED') throw new AppError('conflict', `${order.po_number} is already cancelled.`);
    if (order.status === 'RECEIVED')
      throw new AppError('conflict', `${order.po_number} was received in full; it can no longer be cancelled.`);
    await trx
      .updateTable('purchase_orders')
      .set({ status: 'CANCELLED', cancel_reason: reason, cancelled_at: sql`now()`, updated_at: sql`now()` })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: AUDIT_TYPE,
      activity: 'Cancel',
      details: `Cancelled purchase order ${order.po_number}${order.status === 'PARTLY_RECEIVED' ? ' (partly received)' : ''}: ${reason}`,
    });
    return { id, po_number: order.po_number };
  });
}
