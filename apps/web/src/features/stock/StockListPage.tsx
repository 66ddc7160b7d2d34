import { formatMoney, formatQuantity } from '@duka/shared';
import { api } from '../../api/client.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import type { StockRecord } from './stock-types.ts';

export function StockListPage() {
  return (
    <ListPage<StockRecord>
      title="Stock"
      trail={[{ label: 'Stock' }]}
      endpoint="/stocklist"
      create={{ to: '/stockcreate', permission: 'stockAdd' }}
      filters={dateFilter('stockFilter')}
      exports={{ permission: 'stockExport', xlsx: '/stockxlsx', csv: '/stockcsv', name: 'stock' }}
      bulkDelete={{
        permission: 'stockBulkDelete',
        path: '/stocksdelete',
        field: 'ids',
        question: (n) => `Are you sure you want to delete ${n} stock(s)?`,
      }}
      alsoInvalidates={['/trashlist', '/stocklevel', '/getstockbatches']}
      // The batch number is shown because each batch keeps its own balance (PRODUCT.md §5) and the export has it.
      columns={[
        { header: 'BATCH NUMBER', cell: (s) => s.batch_number },
        { header: 'PRODUCT', cell: (s) => s.product?.name ?? 'N/A' },
        { header: 'BRAND', cell: (s) => s.brand?.name ?? 'N/A' },
        { header: 'UNIT', cell: (s) => s.measurement?.name ?? 'N/A' },
        { header: 'QTY', cell: (s) => formatQuantity(s.quantity), align: 'right' },
        { header: 'UNIT PRICE', cell: (s) => formatMoney(s.unit_price), align: 'right' },
        { header: 'TOTAL', cell: (s) => formatMoney(s.total_cost), align: 'right' },
        { header: 'SALE PRICE', cell: (s) => formatMoney(s.sale_price), align: 'right' },
        { header: 'SUPPLIER', cell: (s) => s.supplier?.name ?? 'N/A' },
        { header: 'CREATED BY', cell: (s) => s.created_by?.name ?? 'N/A' },
        { header: 'DATE', cell: (s) => s.stock_date },
      ]}
      rowActions={(s, tools) => (
        <RowMenu
          actions={[
            { label: 'View', to: `/stockshow/${s.id}` },
            { label: 'Edit', permission: 'stockEdit', to: `/stockupdate/${s.id}` },
            {
              label: 'Delete',
              permission: 'stockDelete',
              color: 'red',
              onClick: () =>
                tools.run(() => api('DELETE', `/stockdelete/${s.id}`), 'Are you sure you want to delete this stock?'),
            },
          ]}
        />
      )}
    />
  );
}
