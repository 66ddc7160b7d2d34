import { formatMoney, paymentLabel } from '@duka/shared';
import { Autocomplete } from '@mantine/core';
import { useLookup } from '../../api/lists.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import type { ExpenseRecord } from './ExpenseFields.tsx';

export function ExpenseListPage() {
  const categories = useLookup<string>('/getexpensecategories');
  return (
    <ListPage<ExpenseRecord>
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
      exports={{ permission: 'expenseExport', xlsx: '/expensexlsx', csv: '/expensecsv', name: 'expenses' }}
      {...recordListProps('expense', { refreshes: ['/reportexpenselist', '/reportprofitlosslist', '/dashboard'] })}
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
      rowActions={(e, tools) => <RowMenu actions={editDeleteActions('expense', e.id, tools)} />}
    />
  );
}
