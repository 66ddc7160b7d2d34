import { formatDay } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

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
      trail={[{ label: 'Categories' }]}
      endpoint="/categorylist"
      create={{ to: '/categorycreate', permission: 'categoryAdd' }}
      bulkDelete={{
        permission: 'categoryBulkDelete',
        path: '/categoriesdelete',
        field: 'category_ids',
        question: (n) => `Are you sure you want to delete ${n} category(s)?`,
      }}
      alsoInvalidates={['/trashlist', '/getcategories']}
      columns={[
        { header: 'NAME', cell: (c) => c.name },
        { header: 'CREATED BY', cell: (c) => c.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (c) => formatDay(c.created_at) },
      ]}
      rowActions={(c, tools) => (
        <RowMenu
          actions={[
            { label: 'Edit', permission: 'categoryEdit', to: `/categoryupdate/${c.id}` },
            {
              label: 'Delete',
              permission: 'categoryDelete',
              color: 'red',
              onClick: () =>
                tools.run(
                  () => api('DELETE', `/categorydelete/${c.id}`),
                  'Are you sure you want to delete this category?',
                ),
            },
          ]}
        />
      )}
    />
  );
}
