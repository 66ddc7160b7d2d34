import { formatDay, type PurchaseOrderShown } from '@duka/shared';
import { typedLineTotal } from '../../components/form/LineTotalField.tsx';

// The receipt form's values: empty for goods without an order, or the order's supplier and what remains of each of
// its lines, at the order's unit cost.

/** One line as the form holds it: ids as numbers, null brand is "No brand", undefined is not chosen yet. */
export interface ReceiptLineValues {
  purchase_order_line_id: number | undefined;
  product_id: number | undefined;
  brand_id: number | null | undefined;
  measurement_id: number | undefined;
  quantity: number | string | undefined;
  unit_cost: number | string | undefined;
  sale_price: number | string | undefined;
  min_stock_level: number | string | undefined;
}

export const EMPTY_RECEIPT_LINE: ReceiptLineValues = {
  purchase_order_line_id: undefined,
  product_id: undefined,
  brand_id: null,
  measurement_id: undefined,
  quantity: undefined,
  unit_cost: undefined,
  sale_price: undefined,
  min_stock_level: undefined,
};

/** round(quantity × unit cost), whole shillings: the line's value the server will store. */
export const lineValue = (line: Partial<ReceiptLineValues> | undefined) =>
  typedLineTotal(line?.quantity, line?.unit_cost);

/** The form's starting values: received today, on credit, no landed costs; the order's remaining lines if any. */
export function receiptValues(order?: PurchaseOrderShown) {
  const fromOrder = (order?.lines ?? [])
    .filter((l) => l.remaining > 0)
    .map(
      (l): ReceiptLineValues => ({
        ...EMPTY_RECEIPT_LINE,
        purchase_order_line_id: l.id,
        product_id: l.product.id,
        brand_id: l.brand?.id ?? null,
        measurement_id: l.unit.id,
        quantity: l.remaining,
        unit_cost: l.unit_cost,
      }),
    );
  return {
    supplier_id: order?.supplier.id,
    purchase_order_id: order?.id,
    received_date: formatDay(new Date()),
    supplier_invoice_number: '',
    landed_costs: undefined,
    landed_costs_method: undefined,
    payment: 'CREDIT' as const,
    payment_method: undefined,
    payment_reference: '',
    lines: fromOrder.length > 0 ? fromOrder : [{ ...EMPTY_RECEIPT_LINE }],
  };
}
