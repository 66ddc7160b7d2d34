import { API, formatMoney, paymentLabel } from '@duka/shared';
import { Autocomplete } from '@mantine/core';
import { useExpenseCategories } from '../../api/expenses.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

export function ExpenseListPage() {
  const categories = useExpenseCategories();
  return (
    <ListPage
      title="Expenses"
      filters={dateFilter('expenseFilter', {
        initial: { category: '' },
        render: (values, set) => (
          <Autocomplete
            label="Category"
            data={categories.data ?? []}
            value={values.category ?? ''}
            onChange={(v) => set('category', v)}
          />
        ),
      })}
      exports={{ xlsx: API.expense.xlsx, csv: API.expense.csv, name: 'expenses' }}
      // A delete refreshes everything about expenses: the list, the categories, the expense and profit and loss
      // reports and the dashboard (each names `expense` among its resources).
      {...recordListProps('expense', API.expense)}
      columns={[
        { header: 'DATE', cell: (e) => e.expense_date },
        { header: 'CATEGORY', cell: (e) => e.category },
        { header: 'DESCRIPTION', cell: (e) => e.description },
        { header: 'AMOUNT', cell: (e) => formatMoney(e.amount), align: 'right' },
        { header: 'PAYMENT', cell: (e) => paymentLabel(e.payment_method) },
        { header: 'REFERENCE', cell: (e) => e.reference ?? 'N/A' },
        { header: 'SUPPLIER', cell: (e) => e.supplier?.name ?? 'N/A' },
        { header: 'RECORDED BY', cell: (e) => e.user?.name ?? 'N/A' },
      ]}
      rowActions={(e, tools) => <RowMenu actions={editDeleteActions('expense', API.expense, e.id, tools)} />}
    />
  );
}
