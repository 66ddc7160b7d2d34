import { API } from 'virtual:contract-addresses';
import { type ExpenseRow, expenseSchema, formatDay } from '@duka/shared';
import { RecordFieldsPage, type RecordFormSpec } from '../../components/form/record-form.tsx';
import { ExpenseFields } from './ExpenseFields.tsx';

// Record and correct an expense on the form kit: the fields are the screen's only own part.

// A save refreshes everything about expenses (the contracts' `expense` resource): the list, the categories, the
// expense and profit and loss reports and the dashboard.
const base = {
  label: 'Expense',
  listLabel: 'Expenses',
  list: '/expenselist',
  schema: expenseSchema,
};

const CREATE: RecordFormSpec<typeof expenseSchema> = {
  ...base,
  save: API.expense.store,
  // Most expenses are recorded the day they are paid.
  empty: { expense_date: formatDay(new Date()), category: '', description: '', reference: '', supplier_id: null },
};

const UPDATE: RecordFormSpec<typeof expenseSchema, ExpenseRow> = {
  ...base,
  save: API.expense.update,
  show: API.expense.show,
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
