import { API, formatDay } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { LabelButtons } from './LabelButtons.tsx';

// Unlike the original client, which shows every button, each action here is checked against the user's keys.
export function ProductListPage() {
  return (
    <ListPage
      title="Products"
      exports={{ xlsx: API.product.xlsx, csv: API.product.csv, name: 'products' }}
      // A deleted product must also leave the selects of the brand and stock forms.
      {...recordListProps('product', API.product, { refreshes: ['brand'] })}
      actions={{
        permission: 'productEdit',
        render: (selectedIds, tools) => <LabelButtons selectedIds={selectedIds} tools={tools} />,
      }}
      columns={[
        { header: 'NAME', cell: (p) => p.name },
        { header: 'CATEGORY', cell: (p) => p.category?.name ?? 'N/A' },
        { header: 'BARCODE', cell: (p) => p.barcode ?? '' },
        { header: 'SKU', cell: (p) => p.sku ?? '' },
        { header: 'CREATED BY', cell: (p) => p.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (p) => formatDay(p.created_at) },
      ]}
      rowActions={(p, tools) => <RowMenu actions={editDeleteActions('product', API.product, p.id, tools)} />}
    />
  );
}
