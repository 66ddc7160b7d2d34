import { ADJUSTMENT_REASONS, formatMoney, formatQuantity } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';

interface AdjustmentRow {
  id: number;
  batch_number: string;
  product_name: string | null;
  reason: string;
  quantity: number;
  unit_cost: number;
  cost: number;
  note: string;
  adjustment_date: string;
  user: { name: string } | null;
}

const reasonLabel = (value: string) => ADJUSTMENT_REASONS.find((r) => r.value === value)?.label ?? value;

/**
 * Stock written off (damage, loss, expiry, count correction): their cost is the period's loss in the reports
 * (PRODUCT.md §7). Write-offs are never edited or deleted, so rows have no actions; anyone who may read the list may
 * narrow it by date (there is no separate filter key).
 */
export function StockAdjustmentListPage() {
  return (
    <ListPage<AdjustmentRow>
      title="Stock Write-offs"
      trail={[{ label: 'Stock Write-offs' }]}
      endpoint="/stockadjustmentlist"
      create={{ to: '/stockadjustmentcreate', permission: 'stockAdjustmentAdd', label: 'Write off stock' }}
      filters={dateFilter('stockAdjustmentList')}
      exports={{
        permission: 'stockAdjustmentExport',
        xlsx: '/stockadjustmentxlsx',
        csv: '/stockadjustmentcsv',
        name: 'stock_write_offs',
      }}
      columns={[
        { header: 'DATE', cell: (a) => a.adjustment_date },
        { header: 'BATCH NUMBER', cell: (a) => a.batch_number },
        { header: 'PRODUCT', cell: (a) => a.product_name ?? 'N/A' },
        { header: 'REASON', cell: (a) => reasonLabel(a.reason) },
        { header: 'QTY', cell: (a) => formatQuantity(a.quantity), align: 'right' },
        { header: 'UNIT COST', cell: (a) => formatMoney(a.unit_cost), align: 'right' },
        { header: 'COST', cell: (a) => formatMoney(a.cost), align: 'right' },
        { header: 'NOTE', cell: (a) => a.note },
        { header: 'RECORDED BY', cell: (a) => a.user?.name ?? 'N/A' },
      ]}
    />
  );
}
