import { formatDay } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
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

// Unlike the seeds, every action here is checked against the user's keys (PRODUCT.md §2).
export function ProductListPage() {
  return (
    <ListPage<ProductRow>
      title="Products"
      trail={[{ label: 'Products' }]}
      endpoint="/productlist"
      create={{ to: '/productcreate', permission: 'productAdd' }}
      exports={{ permission: 'productExport', xlsx: '/productxlsx', csv: '/productcsv', name: 'products' }}
      bulkDelete={{
        permission: 'productBulkDelete',
        path: '/productsdelete',
        field: 'product_ids',
        question: (n) => `Are you sure you want to delete ${n} product(s)?`,
      }}
      actions={{
        permission: 'productEdit',
        render: (selectedIds, tools) => <LabelButtons selectedIds={selectedIds} tools={tools} />,
      }}
      // A deleted product must also leave the selects of the brand and stock forms.
      alsoInvalidates={['/trashlist', '/getproducts']}
      columns={[
        { header: 'NAME', cell: (p) => p.name },
        { header: 'CATEGORY', cell: (p) => p.category?.name ?? 'N/A' },
        { header: 'BARCODE', cell: (p) => p.barcode ?? '' },
        { header: 'SKU', cell: (p) => p.sku ?? '' },
        { header: 'CREATED BY', cell: (p) => p.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (p) => formatDay(p.created_at) },
      ]}
      rowActions={(p, tools) => (
        <RowMenu
          actions={[
            { label: 'Edit', permission: 'productEdit', to: `/productupdate/${p.id}` },
            {
              label: 'Delete',
              permission: 'productDelete',
              color: 'red',
              onClick: () =>
                tools.run(
                  () => api('DELETE', `/productdelete/${p.id}`),
                  'Are you sure you want to delete this product?',
                ),
            },
          ]}
        />
      )}
    />
  );
}
