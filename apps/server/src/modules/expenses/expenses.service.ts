// Expenses: record, correct and trash the money the shop spends outside stock. Every change is audited in
// its own transaction; a deleted expense waits in the trash and comes back whole.
import { EXPENSE_FUTURE_MESSAGE, type ExpenseInput, formatMoney } from '@duka/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/connection.ts';
import type { DB } from '../../db/schema.ts';
import { describeChanges, type RequestContext, writeAudit } from '../../platform/audit.ts';
import { invalidField, notFound } from '../../platform/errors.ts';
import { shopDay } from '../../platform/period.ts';
import { registerTrashKind } from '../../platform/trash.ts';
import { expenseQuery } from './expenses.queries.ts';

export const expenseKind = registerTrashKind({
  model: 'expense',
  label: 'Expense',
  table: 'expenses',
  nameSql: "category || ': ' || description || ' (' || amount || ' UGX, ' || expense_date || ')'",
});

const FIELDS = [
  'expense_date',
  'category',
  'description',
  'amount',
  'payment_method',
  'reference',
  'supplier_id',
] as const;

/** The rules the schema cannot know: the shop's today, and a supplier that is live now. */
async function checkExpense(trx: Transaction<DB>, input: ExpenseInput, timeZone: string) {
  // An expense dated ahead would fall into a later period of the statement and the dashboard.
  if (input.expense_date > shopDay(timeZone)) throw invalidField('expense_date', EXPENSE_FUTURE_MESSAGE);
  if (input.supplier_id !== null) {
    const supplier = await trx
      .selectFrom('suppliers')
      .select('id')
      .where('id', '=', input.supplier_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!supplier) throw invalidField('supplier_id', 'Choose a supplier from the list.');
  }
}

export async function getExpense(db: Database, id: number) {
  const row = await expenseQuery(db, {}).where('e.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Expense');
  return row;
}

export async function createExpense(db: Database, input: ExpenseInput, ctx: RequestContext, timeZone: string) {
  return db.transaction().execute(async (trx) => {
    await checkExpense(trx, input, timeZone);
    const row = await trx
      .insertInto('expenses')
      .values({ ...input, created_by: ctx.userId })
      .returning(['id', ...FIELDS])
      .executeTakeFirstOrThrow();
    await writeAudit(trx, ctx, {
      type: 'Expense',
      activity: 'Create',
      details: `Recorded expense ${row.id}: ${row.category}, ${formatMoney(row.amount)} UGX on ${row.expense_date} (${row.description})`,
    });
    return row;
  });
}

export async function updateExpense(
  db: Database,
  id: number,
  input: ExpenseInput,
  ctx: RequestContext,
  timeZone: string,
) {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('expenses')
      .select(FIELDS)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw notFound('Expense');
    await checkExpense(trx, input, timeZone);
    await trx
      .updateTable('expenses')
      .set({ ...input, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
    await writeAudit(trx, ctx, {
      type: 'Expense',
      activity: 'Update',
      details: `Expense ${id} ${describeChanges(before, input)}`,
    });
  });
}
