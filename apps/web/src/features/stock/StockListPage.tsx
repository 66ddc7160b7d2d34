import { type StockRecord, stockList } from '@duka/shared';
import { api } from '../../api/client.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The stock batches: columns, filter and export menu as declared (stockList), the files' columns. */
export function StockListPage() {
  return (
    <ListPage<StockRecord>
      title="Stock"
      trail={[{ label: 'Stock' }]}
      {...declaredList<StockRecord>(stockList)}
      create={{ to: '/stockcreate', permission: 'stockAdd' }}
      filters={dateFilter(declaredFilterKey(stockList))}
      bulkDelete={{
        permission: 'stockBulkDelete',
        path: '/stocksdelete',
        field: 'ids',
        question: (n) => `Are you sure you want to delete ${n} stock(s)?`,
      }}
      alsoInvalidates={['/trashlist', '/stocklevel', '/getstockbatches']}
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
