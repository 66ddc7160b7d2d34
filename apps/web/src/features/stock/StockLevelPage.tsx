import { formatQuantity, stockStatus } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { STATUS_COLORS } from './stock-types.ts';

type Named = { name: string } | null;

/** One batch as /stocklevel returns it: the screen's columns only, never costs or the supplier. */
interface LevelRow {
  id: number;
  batch_number: string;
  product: Named;
  brand: Named;
  measurement: Named;
  balance: number;
  total_sold: number;
  min_stock_level: number;
}

/** Every live batch with what is left, what was sold and its status; read-only. */
export function StockLevelPage() {
  return (
    <ListPage<LevelRow>
      title="Stock Levels"
      trail={[{ label: 'Stock Levels' }]}
      endpoint="/stocklevel"
      exports={{ permission: 'stockLevelExport', xlsx: '/stocklevelxlsx', csv: '/stocklevelcsv', name: 'stock_levels' }}
      columns={[
        { header: 'PRODUCT', cell: (s) => s.product?.name ?? 'N/A' },
        { header: 'BATCH NUMBER', cell: (s) => s.batch_number },
        { header: 'BRAND', cell: (s) => s.brand?.name ?? 'N/A' },
        { header: 'UNIT OF MEASUREMENT', cell: (s) => s.measurement?.name ?? 'N/A' },
        { header: 'QTY IN STOCK', cell: (s) => formatQuantity(s.balance), align: 'right' },
        { header: 'QTY SOLD', cell: (s) => formatQuantity(s.total_sold), align: 'right' },
        {
          header: 'STATUS',
          cell: (s) => {
            const status = stockStatus(s.balance, s.min_stock_level);
            return <StatusBadge label={status} color={STATUS_COLORS[status]} />;
          },
        },
      ]}
    />
  );
}
