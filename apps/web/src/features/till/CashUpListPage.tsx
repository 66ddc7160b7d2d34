import { API } from 'virtual:contract-addresses';
import { cashUpList } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredColumns, declaredExports } from '../../components/list/report-cells.tsx';

/**
 * The saved end-of-day cash-ups: read-only records, so rows offer only their Z-report. Columns and files
 * come from the shared declaration, so the screen and the exports say the same.
 */
export function CashUpListPage() {
  return (
    <ListPage
      title="Cash-ups"
      endpoint={API.cashUp.list.list}
      create={{ to: '/salescashup', permission: 'salesCashUp', label: 'Cash up' }}
      filters={dateFilter(cashUpList.keys.list)}
      exports={declaredExports(cashUpList)}
      columns={declaredColumns(cashUpList.columns)}
      rowActions={(row) => (
        <RowMenu actions={[{ label: 'Z-report', permission: 'salesCashUp', to: `/salescashupreport/${row.id}` }]} />
      )}
    />
  );
}
