import { formatDay } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

interface CategoryRow {
  id: number;
  name: string;
  user: { name: string } | null;
  created_at: string;
}

export function CategoryListPage() {
  return (
    <ListPage<CategoryRow>
      title="Categories"
      {...recordListProps('category', { plural: 'categories', refreshes: ['/getcategories'] })}
      columns={[
        { header: 'NAME', cell: (c) => c.name },
        { header: 'CREATED BY', cell: (c) => c.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (c) => formatDay(c.created_at) },
      ]}
      rowActions={(c, tools) => <RowMenu actions={editDeleteActions('category', c.id, tools)} />}
    />
  );
}
