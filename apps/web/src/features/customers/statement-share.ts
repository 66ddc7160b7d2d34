import { type CustomerStatement, formatMoney, normalisePhone } from '@duka/shared';
import type { StatementPeriod } from '../../api/customers.ts';
import { shopToday } from '../../components/list/report-filters.tsx';

// What the statement screen works out on its own: its first period, and the WhatsApp message to the customer.

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** The statement opens on the last 90 days, today included. */
export const defaultStatementPeriod = (today = shopToday()): StatementPeriod => ({
  startDate: addDays(today, -89),
  endDate: today,
});

/**
 * A phone as WhatsApp's links take it: digits only, with the country code. The shop keeps Ugandan numbers in the local
 * form (0772123456), which is 256772123456; a number kept with another country's code keeps it.
 */
export function internationalPhone(phone: string): string {
  const local = normalisePhone(phone).replace(/\D/g, '');
  return local.startsWith('0') ? `256${local.slice(1)}` : local;
}

/** The message: who, what they owe (or the advance the shop holds) on the statement's last day, the last payment. */
export function statementMessage(statement: CustomerStatement, businessName: string): string {
  const { customer, closing_balance: balance, end_date: asOf, last_payment: last } = statement;
  const owed =
    balance > 0
      ? `your balance with ${businessName} is UGX ${formatMoney(balance)}`
      : balance < 0
        ? `${businessName} holds an advance of UGX ${formatMoney(-balance)} for you`
        : `you owe ${businessName} nothing`;
  const paid = last
    ? `Your last payment was UGX ${formatMoney(last.amount)} on ${last.date}.`
    : 'We have no payment from you yet.';
  return `Hello ${customer.name}, as of ${asOf} ${owed}. ${paid} Thank you.`;
}

/** The link that opens WhatsApp on a message to the customer: no call to the server. */
export const whatsAppLink = (statement: CustomerStatement, businessName: string) =>
  `https://wa.me/${internationalPhone(statement.customer.phone_number)}?text=${encodeURIComponent(
    statementMessage(statement, businessName),
  )}`;
