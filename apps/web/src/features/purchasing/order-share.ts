import { formatMoney, type PurchaseOrderShown } from '@duka/shared';
import { internationalPhone } from '../customers/statement-share.ts';

// The WhatsApp message that sends an order to its supplier: the same link the customer statement opens, no server call.

/** Who it is for, the PO number, its total and the expected date when said. */
export function orderMessage(order: PurchaseOrderShown, businessName: string): string {
  const expected = order.expected_date ? ` We expect it by ${order.expected_date}.` : '';
  return `Hello ${order.supplier.name}, ${businessName} sends purchase order ${order.po_number} for UGX ${formatMoney(
    order.total_amount,
  )}.${expected} Thank you.`;
}

/** The link that opens WhatsApp on the message to the supplier's phone, in its international form (256…). */
export const orderWhatsAppLink = (order: PurchaseOrderShown, businessName: string) =>
  `https://wa.me/${internationalPhone(order.supplier.phone_number)}?text=${encodeURIComponent(
    orderMessage(order, businessName),
  )}`;
