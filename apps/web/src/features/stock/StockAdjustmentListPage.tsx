import { API } from 'virtual:contract-addresses';
import { ADJUSTMENT_REASONS, type StockWriteOffRow, stockWriteOffList } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { declaredColumns, declaredExports } from '../../components/list/report-cells.tsx';

const reasonLabel = (value: string) => ADJUSTMENT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * Stock written off (damage, loss, expiry, count correction): their cost is the period's loss in the reports and
 * on the dashboard. Write-offs are never edited or deleted, so rows have no actions; anyone who may read the list may
 * narrow it by date (there is no separate filter key). Columns as declared for the files; the reason by its label.
 */
export function StockAdjustmentListPage() {
  return (
    <ListPage
      title="Stock Write-offs"
      endpoint={API.stock.writeOffList.list}
      create={{ to: '/stockadjustmentcreate', permission: 'stockAdjustmentAdd', label: 'Write off stock' }}
      filters={dateFilter(stockWriteOffList.keys.list)}
      exports={declaredExports(stockWriteOffList)}
      columns={declaredColumns<StockWriteOffRow>(stockWriteOffList.columns, { reason: (a) => reasonLabel(a.reason) })}
    />
  );
}
