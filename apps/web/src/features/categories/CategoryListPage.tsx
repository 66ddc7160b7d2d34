import { API, formatDay } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

export function CategoryListPage() {
  return (
    <ListPage
      title="Categories"
      {...recordListProps('category', API.category)}
      columns={[
        { header: 'NAME', cell: (c) => c.name },
        { header: 'CREATED BY', cell: (c) => c.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (c) => formatDay(c.created_at) },
      ]}
      rowActions={(c, tools) => <RowMenu actions={editDeleteActions('category', API.category, c.id, tools)} />}
    />
  );
}
