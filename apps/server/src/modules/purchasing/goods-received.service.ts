// Goods received: one stock batch per line, the order's received quantities, and the supplier's bill, in one
// transaction with its audit row. Landed costs (transport, offloading) are spread over the lines by value into the
// batches' cost; they were paid when the goods came, so they are never part of the bill nor an expense.
import {
  DEFAULT_ENVIRONMENT,
  formatMoney,
  type GoodsReceivedInput,
  lineTotal,
  MAX_MONEY,
  paymentLabel,
  spreadByValue,
} from '@duka/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { invalidField } from '../../platform/errors.ts';
import { addDays, shopDay } from '../../platform/period.ts';
import { receiveBatch } from '../stock/stock.service.ts';
import { checkedLines, liveSupplier, lockOrder } from './purchase-orders.service.ts';
import { recordReceived } from './received.ts';

type Trx = Transaction<DB>;

export const GOODS_RECEIVED_AUDIT_TYPE = 'Goods received';

/** The order received against: the same supplier's, and not cancelled. */
async function orderToReceive(trx: Trx, orderId: number, supplier: { id: number; name: string }) {
  const known = await trx.selectFrom('purchase_orders').select('id').where('id', '=', orderId).executeTakeFirst();
  if (!known) throw invalidField('purchase_order_id', 'The purchase order was not found: choose one from the list.');
  const order = await lockOrder(trx, orderId);
  if (order.supplier_id !== supplier.id)
    throw invalidField(
      'purchase_order_id',
      `${order.po_number} is an order to another supplier than ${supplier.name}.`,
    );
  if (order.status === 'CANCELLED')
    throw invalidField('purchase_order_id', `${order.po_number} was cancelled; nothing can be received against it.`);
  return order;
}

/** An order line received against: on that order, the same product, brand and unit (its quantities are in it). */
async function checkOrderLine(
  trx: Trx,
  i: number,
  lineId: number,
  order: { id: number; po_number: string },
  line: { product_id: number; brand_id: number | null; measurement_id: number },
) {
  const ordered = await trx
    .selectFrom('purchase_order_lines as l')
    .innerJoin('measurements as m', 'm.id', 'l.measurement_id')
    .select(['l.purchase_order_id', 'l.product_id', 'l.brand_id', 'l.measurement_id', 'm.name as unit'])
    .where('l.id', '=', lineId)
    .executeTakeFirst();
  const field = `lines.${i}.purchase_order_line_id`;
  if (!ordered || ordered.purchase_order_id !== order.id)
    throw invalidField(field, `The line is not on ${order.po_number}.`);
  if (ordered.product_id !== line.product_id || ordered.brand_id !== line.brand_id)
    throw invalidField(field, `The line on ${order.po_number} is for other goods.`);
  if (ordered.measurement_id !== line.measurement_id)
    throw invalidField(`lines.${i}.measurement_id`, `Receive it in ${ordered.unit}, the unit it was ordered in.`);
}

export function receiveGoods(db: Database, input: GoodsReceivedInput, ctx: RequestContext, timeZone: string) {
  const today = shopDay(timeZone);
  const receivedDate = input.received_date ?? today;
  if (receivedDate > today) throw invalidField('received_date', 'The received date cannot be in the future.');
  if (receivedDate < addDays(today, -365))
    throw invalidField('received_date', 'The received date cannot be more than a year ago.');
  return db.transaction().execute(async (trx) => {
    const supplier = await liveSupplier(trx, input.supplier_id);
    const order = input.purchase_order_id ? await orderToReceive(trx, input.purchase_order_id, supplier) : null;
    const lines = await checkedLines(trx, input.lines);
    const values = input.lines.map((l) => lineTotal(l.quantity, l.unit_cost));
    const goodsValue = values.reduce((a, b) => a + b, 0);
    if (goodsValue > MAX_MONEY)
      throw invalidField('lines', `One receipt may come to at most UGX ${formatMoney(MAX_MONEY)}.`);
    const shares = spreadByValue(input.landed_costs, values);
    const grn_number = await nextDocumentNumber(trx, 'goods_receipt', 'GR-');
    const receipt = await trx
      .insertInto('goods_receipts')
      .values({
        grn_number,
        supplier_id: supplier.id,
        purchase_order_id: order?.id ?? null,
        received_date: receivedDate,
        supplier_invoice_number: input.supplier_invoice_number ?? null,
        goods_value: goodsValue,
        landed_costs: input.landed_costs,
        landed_costs_method: input.landed_costs > 0 ? (input.landed_costs_method ?? null) : null,
        payment: input.payment,
        payment_method: input.payment === 'PAID' ? (input.payment_method ?? null) : null,
        payment_reference: input.payment === 'PAID' ? (input.payment_reference ?? null) : null,
        amount_due: input.payment === 'CREDIT' ? goodsValue : 0,
        created_by: ctx.userId,
      })
      .returning(['id', 'grn_number'])
      .executeTakeFirstOrThrow();
    const received: string[] = [];
    for (const [i, line] of input.lines.entries()) {
      const checked = lines[i] as (typeof lines)[number];
      if (line.purchase_order_line_id) {
        if (!order) throw invalidField('purchase_order_id', 'Name the purchase order the lines are received against.');
        await checkOrderLine(trx, i, line.purchase_order_line_id, order, checked);
        await recordReceived(trx, line.purchase_order_line_id, line.quantity, `lines.${i}.quantity`);
      }
      const value = values[i] as number;
      const share = shares[i] as number;
      const batch = await receiveBatch(
        trx,
        {
          product_id: line.product_id,
          brand_id: line.brand_id,
          measurement_id: line.measurement_id,
          supplier_id: supplier.id,
          quantity: line.quantity,
          unit_price: line.unit_cost,
          sale_price: line.sale_price,
          min_stock_level: line.min_stock_level,
          stock_date: receivedDate,
        },
        ctx,
        DEFAULT_ENVIRONMENT,
        value + share,
      );
      await trx
        .insertInto('goods_receipt_lines')
        .values({
          goods_receipt_id: receipt.id,
          purchase_order_line_id: line.purchase_order_line_id ?? null,
          product_id: line.product_id,
          brand_id: line.brand_id,
          measurement_id: line.measurement_id,
          factor: checked.factor,
          quantity: line.quantity,
          unit_cost: line.unit_cost,
          sale_price: line.sale_price,
          line_value: value,
          landed_cost: share,
          stock_batch_id: batch.id,
        })
        .execute();
      received.push(batch.batch_number);
    }
    const settled =
      input.payment === 'CREDIT'
        ? `on credit: a bill of UGX ${formatMoney(goodsValue)}`
        : `paid by ${paymentLabel(input.payment_method ?? 'CASH')}${input.payment_reference ? ` ref ${input.payment_reference}` : ''}`;
    await writeAudit(trx, ctx, {
      type: GOODS_RECEIVED_AUDIT_TYPE,
      activity: 'Create',
      details:
        `Received ${grn_number} from ${supplier.name}${order ? ` against ${order.po_number}` : ''}` +
        `${input.supplier_invoice_number ? ` (invoice ${input.supplier_invoice_number})` : ''}: ` +
        `${lines.length} line${lines.length === 1 ? '' : 's'} worth UGX ${formatMoney(goodsValue)}, ` +
        `landed costs UGX ${formatMoney(input.landed_costs)}, ${settled}; batches ${received.join(', ')}`,
    });
    return receipt;
  });
}
