import { API } from 'virtual:contract-addresses';
import { expenseList } from '@duka/shared';
import { Autocomplete } from '@mantine/core';
import { useExpenseCategories } from '../../api/expenses.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The expenses: columns and export menu as declared (expenseList), the files' columns. */
export function ExpenseListPage() {
  const categories = useExpenseCategories();
  return (
    <ListPage
      title="Expenses"
      {...declaredList(expenseList)}
      filters={dateFilter(declaredFilterKey(expenseList), {
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
      // A delete refreshes everything about expenses: the list, the categories, the expense and profit and loss
      // reports and the dashboard (each names `expense` among its resources).
      {...recordListProps('expense', API.expense)}
      rowActions={(e, tools) => <RowMenu actions={editDeleteActions('expense', API.expense, e.id, tools)} />}
    />
  );
}
