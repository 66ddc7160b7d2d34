import { API } from 'virtual:contract-addresses';
import { formatQuantity, type StockRecord, stockList } from '@duka/shared';
import { Text } from '@mantine/core';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The batch's quantity in its base unit, and beneath it what it was received as in another unit ("2 Tonnes = 40
 * Bags"). */
const quantityCell = (s: StockRecord) => (
  <>
    {formatQuantity(s.quantity)}
    {s.received_as && (
      <Text size="xs" c="dark.3">
        {s.received_as}
      </Text>
    )}
  </>
);

/**
 * The stock batches: columns, filter and export menu as declared (stockList), the files' columns. A delete refreshes
 * everything about stock (the levels, the write-off form's batches, the reports and dashboard) with the trash.
 */
export function StockListPage() {
  return (
    <ListPage
      title="Stock"
      {...declaredList<StockRecord>(stockList, { quantity: quantityCell })}
      filters={dateFilter(declaredFilterKey(stockList))}
      {...recordListProps('stock', { ...API.stock, list: API.stock.batchList.list }, { idsField: 'ids' })}
      rowActions={(s, tools) => (
        <RowMenu
          actions={[{ label: 'View', to: `/stockshow/${s.id}` }, ...editDeleteActions('stock', API.stock, s.id, tools)]}
        />
      )}
    />
  );
}
