import { formatDay } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { LabelButtons } from './LabelButtons.tsx';

interface ProductRow {
  id: number;
  name: string;
  barcode: string | null;
  sku: string | null;
  category: { name: string } | null;
  user: { name: string } | null;
  created_at: string;
}

// Unlike the original client, which shows every button, each action here is checked against the user's keys.
export function ProductListPage() {
  return (
    <ListPage<ProductRow>
      title="Products"
      exports={{ permission: 'productExport', xlsx: '/productxlsx', csv: '/productcsv', name: 'products' }}
      // A deleted product must also leave the selects of the brand and stock forms.
      {...recordListProps('product', { refreshes: ['/getproducts', '/getbrands'] })}
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
      rowActions={(p, tools) => <RowMenu actions={editDeleteActions('product', p.id, tools)} />}
    />
  );
}
