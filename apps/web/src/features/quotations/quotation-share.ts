import { formatMoney, type QuotationShown } from '@duka/shared';
import { internationalPhone } from '../customers/statement-share.ts';

// The WhatsApp message that sends a quotation to its customer: the same link the customer statement opens, no server
// call.

/** Who it is for, the quotation's number, its total and how long it holds. */
export function quotationMessage(quotation: QuotationShown, businessName: string): string {
  return `Hello ${quotation.customer.name}, ${businessName} sends quotation ${quotation.quotation_number} for UGX ${formatMoney(
    quotation.total_amount,
  )}, valid until ${quotation.valid_until}. Thank you.`;
}

/** The link that opens WhatsApp on the message to the customer's phone, in its international form (256…). */
export const quotationWhatsAppLink = (quotation: QuotationShown, businessName: string) =>
  `https://wa.me/${internationalPhone(quotation.customer.phone_number)}?text=${encodeURIComponent(
    quotationMessage(quotation, businessName),
  )}`;
