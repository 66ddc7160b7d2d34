// Customers of the debt book as records: a customer number (CU + 6 digits, from the shop's counter), contacts, a credit
// limit and payment terms. The balance is never written here: sales on account, payments and returns move it
// (account.ts), and a customer who owes or holds an advance stays out of the trash until it is settled.
import type { CustomerInput } from '@duka/shared';
import { type Expression, type ExpressionBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { nextDocumentNumber } from '../../platform/counters.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { likePattern } from '../../platform/listing.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { describeBalance } from './account.ts';

export const customerKind = registerTrashKind({
  model: 'customer',
  label: 'Customer',
  table: 'customers',
  nameSql: "name || ' (' || customer_number || ')'",
  refuseDelete: async (trx, id) => {
    // deleteRecords has locked the row: no sale or payment moves the balance until this transaction ends.
    const c = await trx.selectFrom('customers').select(['name', 'balance']).where('id', '=', id).executeTakeFirst();
    return c && c.balance !== 0
      ? `${describeBalance(c)}. Only a customer whose balance is 0 can be deleted.`
      : undefined;
  },
  refusePurge: async (trx, id) => {
    const used = await sql<{ used: boolean }>`
      SELECT EXISTS (SELECT 1 FROM sales WHERE customer_id = ${id})
          OR EXISTS (SELECT 1 FROM customer_payments WHERE customer_id = ${id}) AS used`.execute(trx);
    return used.rows[0]?.used ? 'Sales or payments still refer to this customer.' : undefined;
  },
});

export const PHONE_TAKEN = 'A customer with this phone number already exists.';

type CustomerScope = ExpressionBuilder<DB & { c: DB['customers'] }, 'c'>;

/**
 * The phone number a search term may be: spaces and dashes dropped; typed with the country code (+256 7…), it is
 * the start of the local form the shop keeps (07…), so it matches as a prefix of it. Not a phone: none.
 */
function phoneMatches(eb: CustomerScope, term: string): Expression<SqlBool>[] {
  const compact = term.replace(/[\s-]/g, '');
  if (!/^\+?\d+$/.test(compact)) return [];
  const matches: Expression<SqlBool>[] = [];
  const international = /^\+?256(\d+)$/.exec(compact);
  if (international) matches.push(eb('c.phone_number', 'like', `0${international[1]}%`));
  // "+…" is never inside a stored number; plain digits may be anywhere in it.
  if (!compact.startsWith('+')) matches.push(eb('c.phone_number', 'like', likePattern(compact)));
  return matches;
}

/** The term in any of `columns` (ignoring case) or in the phone number. */
export const customerMatches = (
  eb: CustomerScope,
  columns: ('c.name' | 'c.customer_number' | 'c.tin')[],
  term: string,
) =>
  eb.or([
    ...columns.map((column) => eb(column, 'ilike', likePattern(term))),
    eb('c.phone_number', 'ilike', likePattern(term)),
    ...phoneMatches(eb, term),
  ]);

/** What a customer `c` may still put on account, as availableCredit() computes it for a locked customer. */
const availableCreditColumn = () => sql<number>`greatest(c.credit_limit - c.balance, 0)`.as('available_credit');

/**
 * Live customers (`withTrash`: and those in the trash) as the list, its files and the show call give them (customerRowSchema): what they owe, what they may
 * still put on account, how long their oldest unpaid sale has waited (in shop days, as the statement's aging counts
 * them) and whether they are past their limit. Newest first.
 */
export function customerQuery(db: Database, timeZone: string, search?: string, withTrash = false) {
  let q = db.selectFrom('customers as c').select([
    'c.id',
    'c.customer_number',
    'c.name',
    'c.phone_number',
    'c.email',
    'c.address',
    'c.tin',
    'c.credit_limit',
    'c.payment_terms_days',
    'c.notes',
    'c.balance',
    availableCreditColumn(),
    sql<number | null>`(
        SELECT (now() AT TIME ZONE ${timeZone})::date - (min(s.created_at) AT TIME ZONE ${timeZone})::date
        FROM sales s WHERE s.customer_id = c.id AND s.account_due > 0)`.as('oldest_unpaid_days'),
    sql<boolean>`c.balance > c.credit_limit`.as('over_limit'),
    'c.created_at',
  ]);
  if (!withTrash) q = q.where('c.deleted_at', 'is', null);
  if (search) q = q.where((eb) => customerMatches(eb, ['c.name', 'c.customer_number', 'c.tin'], search));
  return q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
}

/** A live customer; `withTrash`: one in the trash too (their statement stays readable, they may owe). */
export async function getCustomer(db: Database, timeZone: string, id: number, withTrash = false) {
  const row = await customerQuery(db, timeZone, undefined, withTrash).where('c.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}

/** The POS's picker: at most 20 live customers whose name, phone or number matches what the cashier typed, by name. */
export function searchCustomers(db: Database, search?: string) {
  let q = db
    .selectFrom('customers as c')
    .select([
      'c.id',
      'c.customer_number',
      'c.name',
      'c.phone_number',
      'c.balance',
      'c.credit_limit',
      availableCreditColumn(),
    ])
    .where('c.deleted_at', 'is', null);
  if (search) q = q.where((eb) => customerMatches(eb, ['c.name', 'c.customer_number'], search));
  return q.orderBy(sql`lower(c.name)`).orderBy('c.id').limit(20).execute();
}

/** What the form may set: absent or blank optional texts are stored as null, so clearing a field clears it. */
const fieldsOf = (input: CustomerInput) => ({
  name: input.name,
  phone_number: input.phone_number,
  email: input.email || null,
  address: input.address || null,
  tin: input.tin || null,
  credit_limit: input.credit_limit,
  payment_terms_days: input.payment_terms_days,
  notes: input.notes || null,
});

/** Refuses a phone number another live customer has: the POS finds a customer by it. */
async function refuseTakenPhone(trx: Transaction<DB>, phone: string, self?: number) {
  let q = trx.selectFrom('customers').select('id').where('phone_number', '=', phone).where('deleted_at', 'is', null);
  if (self !== undefined) q = q.where('id', '<>', self);
  if (await q.executeTakeFirst()) throw new AppError('conflict', PHONE_TAKEN);
}

/** Two writes with the same phone at once both pass the check: the live-phone index refuses the later one. */
async function phoneUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505' && e.constraint === 'customers_phone_live') throw new AppError('conflict', PHONE_TAKEN);
    throw err;
  }
}

export function createCustomer(db: Database, input: CustomerInput, ctx: RequestContext) {
  return phoneUnique(() =>
    db.transaction().execute(async (trx) => {
      await refuseTakenPhone(trx, input.phone_number);
      // Last, so the counter row is held as briefly as possible; a refused insert gives its number back.
      const customer_number = await nextDocumentNumber(trx, 'customer', 'CU');
      const row = await trx
        .insertInto('customers')
        .values({ ...fieldsOf(input), customer_number, created_by: ctx.userId })
        .returning(['id', 'name', 'customer_number'])
        .executeTakeFirstOrThrow();
      await writeAudit(trx, ctx, {
        type: 'Customer',
        activity: 'Create',
        details: `Created customer "${row.name}" (${row.customer_number})`,
      });
      return row;
    }),
  );
}

export function updateCustomer(db: Database, id: number, input: CustomerInput, ctx: RequestContext) {
  return phoneUnique(() =>
    db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('customers')
        .select([
          'name',
          'phone_number',
          'email',
          'address',
          'tin',
          'credit_limit',
          'payment_terms_days',
          'notes',
          'customer_number',
        ])
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .forUpdate()
        .executeTakeFirst();
      if (!before) throw notFound('Customer');
      const fields = fieldsOf(input);
      if (fields.phone_number !== before.phone_number) await refuseTakenPhone(trx, fields.phone_number, id);
      await trx
        .updateTable('customers')
        .set({ ...fields, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
      await writeAudit(trx, ctx, {
        type: 'Customer',
        activity: 'Update',
        details: `Customer ${id} (${before.customer_number}) ${describeChanges(before, fields)}`,
      });
    }),
  );
}
