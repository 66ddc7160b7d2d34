import { type StockRecord, stockList } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The stock batches: columns, filter and export menu as declared (stockList), the files' columns. */
export function StockListPage() {
  return (
    <ListPage<StockRecord>
      title="Stock"
      {...declaredList<StockRecord>(stockList)}
      filters={dateFilter(declaredFilterKey(stockList))}
      {...recordListProps('stock', { idsField: 'ids', refreshes: ['/stocklevel', '/getstockbatches'] })}
      rowActions={(s, tools) => (
        <RowMenu actions={[{ label: 'View', to: `/stockshow/${s.id}` }, ...editDeleteActions('stock', s.id, tools)]} />
      )}
    />
  );
}
