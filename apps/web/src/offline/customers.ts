import { ACCOUNT_PAYMENT, type CustomerChoice, type SaleInput } from '@duka/shared';
import { readCatalogue } from './catalogue.ts';
import { copyIn, localDb } from './local-db.ts';
import { list as outboxSales } from './outbox.ts';

// The debt book as the till sees it offline: the customers of its local copy, and what its outbox has already put on
// their accounts. The copy is not refreshed while sales wait in the outbox (catalogue.ts), so a copied balance never
// counts them yet: the outbox's part is taken off the available credit here, once.

/** What a sale's body puts on its customer's account (0: none). */
export const onAccountOf = (body: Pick<SaleInput, 'payments'>) =>
  body.payments?.find((p) => p.method === ACCOUNT_PAYMENT)?.amount ?? 0;

/**
 * What the sales waiting in the outbox put on each customer's account, by customer id. Sales the server refused for
 * good are left out: it will never count them.
 */
export async function onAccountInOutbox(): Promise<Map<number, number>> {
  const owed = new Map<number, number>();
  for (const sale of await outboxSales<{ body?: SaleInput }>()) {
    const body = sale.payload?.body;
    if (sale.refused || !body?.customer_id) continue;
    const amount = onAccountOf(body);
    if (amount > 0) owed.set(body.customer_id, (owed.get(body.customer_id) ?? 0) + amount);
  }
  return owed;
}

/**
 * Whether a phone kept as 07… matches what was typed, as the server's picker matches it: typed with the country code
 * (+256 7…) it is the start of the local form; plain digits may be anywhere in it.
 */
function phoneMatches(phone: string, text: string): boolean {
  const compact = text.replace(/[\s-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return false;
  const international = /^\+?256(\d+)$/.exec(compact);
  if (international && phone.startsWith(`0${international[1]}`)) return true;
  return !compact.startsWith('+') && phone.includes(compact);
}

/**
 * The customers of the local copy whose name, number or phone matches, by name, as the server's picker answers them:
 * the available credit is the limit less the copied balance and what the outbox put on the account since.
 */
export async function searchCustomersInCopy(text: string, limit = 20): Promise<CustomerChoice[]> {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const customers = (await readCatalogue())?.customers ?? [];
  const found = customers.filter(
    (c) =>
      c.name.toLowerCase().includes(q) ||
      c.customer_number.toLowerCase().includes(q) ||
      phoneMatches(c.phone_number, q),
  );
  found.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || a.id - b.id);
  const owed = await onAccountInOutbox();
  return found.slice(0, limit).map((c) => {
    const balance = c.balance + (owed.get(c.id) ?? 0);
    return { ...c, balance, available_credit: Math.max(c.credit_limit - balance, 0) };
  });
}

/**
 * A sale on account the server has recorded: the copied balance follows it, as the batches' balances do, so a
 * connection lost before the next refresh sells from the customer's true credit. A customer not in the copy (no
 * limit or balance when it was taken) joins it at the next refresh.
 */
export async function addToCopiedBalance(customerId: number, amount: number): Promise<void> {
  if (amount <= 0) return;
  const db = await localDb();
  const tx = db.transaction('catalogue', 'readwrite');
  const catalogue = copyIn(await tx.store.get('current'));
  const customer = catalogue?.customers?.find((c) => c.id === customerId);
  if (catalogue && customer) {
    customer.balance += amount;
    await tx.store.put(catalogue);
  }
  await tx.done;
}
