import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

interface BrandRow {
  id: number;
  name: string;
  product: { name: string } | null;
  user: { name: string } | null;
  formatted_created_at: string;
}

// Unlike the original client, which shows every button, each action here is checked against the user's keys.
export function BrandListPage() {
  return (
    <ListPage<BrandRow>
      title="Brands"
      // The stock form loads brands per product: those cached lookups go stale too.
      {...recordListProps('brand', { refreshes: ['/getbrandsbyproduct', '/getbrands'] })}
      columns={[
        { header: 'NAME', cell: (b) => b.name },
        { header: 'PRODUCT', cell: (b) => b.product?.name ?? 'N/A' },
        { header: 'CREATED BY', cell: (b) => b.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (b) => b.formatted_created_at },
      ]}
      rowActions={(b, tools) => <RowMenu actions={editDeleteActions('brand', b.id, tools)} />}
    />
  );
}
