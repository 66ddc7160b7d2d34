import { API } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

// Unlike the original client, which shows every button, each action here is checked against the user's keys.
export function BrandListPage() {
  return (
    <ListPage
      title="Brands"
      {...recordListProps('brand', API.brand)}
      columns={[
        { header: 'NAME', cell: (b) => b.name },
        { header: 'PRODUCT', cell: (b) => b.product?.name ?? 'N/A' },
        { header: 'CREATED BY', cell: (b) => b.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (b) => b.formatted_created_at },
      ]}
      rowActions={(b, tools) => <RowMenu actions={editDeleteActions('brand', API.brand, b.id, tools)} />}
    />
  );
}
