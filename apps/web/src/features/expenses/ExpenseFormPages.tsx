import { expenseSchema, formatDay } from '@duka/shared';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { ExpenseFields, type ExpenseRecord } from './ExpenseFields.tsx';

// Record and correct an expense on the form kit: the fields are the screen's only own part.

/** Lists and reports that show expenses, refreshed after a save. */
const SHOWN_IN = ['/getexpensecategories', '/reportexpenselist', '/reportprofitlosslist', '/dashboard'];

const base = {
  label: 'Expense',
  listLabel: 'Expenses',
  list: '/expenselist',
  schema: expenseSchema,
  invalidates: SHOWN_IN,
};

const CREATE: RecordFormSpec<typeof expenseSchema> = {
  ...base,
  save: '/expensestore',
  // Most expenses are recorded the day they are paid.
  empty: { expense_date: formatDay(new Date()), category: '', description: '', reference: '', supplier_id: null },
};

const UPDATE: RecordFormSpec<typeof expenseSchema, ExpenseRecord> = {
  ...base,
  save: '/expenseupdate',
  show: '/expenseshow',
  toValues: (e) => ({
    expense_date: e.expense_date,
    category: e.category,
    description: e.description,
    amount: e.amount,
    payment_method: e.payment_method as never,
    reference: e.reference ?? '',
    supplier_id: e.supplier_id,
  }),
};

export function ExpenseCreatePage() {
  return <RecordFieldsPage spec={CREATE} fields={ExpenseFields} />;
}

export function ExpenseUpdatePage() {
  return <RecordFieldsPage spec={UPDATE} fields={ExpenseFields} />;
}
