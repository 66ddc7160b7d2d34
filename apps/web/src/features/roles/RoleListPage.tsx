import { formatDay, padCount } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

interface RoleRow {
  id: number;
  name: string;
  is_admin: boolean;
  users_count: number;
  user: { name: string } | null;
  created_at: string;
}

export function RoleListPage() {
  return (
    <ListPage<RoleRow>
      title="Roles"
      trail={[{ label: 'Roles' }]}
      endpoint="/rolelist"
      create={{ to: '/rolecreate', permission: 'roleAdd' }}
      bulkDelete={{
        permission: 'roleBulkDelete',
        path: '/rolesdelete',
        field: 'role_ids',
        question: (n) => `Are you sure you want to delete ${n} role(s)?`,
      }}
      alsoInvalidates={['/trashlist']}
      columns={[
        { header: 'ROLE', cell: (r) => r.name },
        { header: 'USERS', cell: (r) => padCount(r.users_count) },
        { header: 'CREATED BY', cell: (r) => r.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (r) => formatDay(r.created_at) },
      ]}
      rowActions={(r, tools) =>
        r.is_admin ? (
          <RowMenu actions={[]} />
        ) : (
          <RowMenu
            actions={[
              { label: 'Permission', permission: 'roleEdit', to: `/rolepermission/${r.id}` },
              { label: 'Edit', permission: 'roleEdit', to: `/roleupdate/${r.id}` },
              {
                label: 'Delete',
                permission: 'roleDelete',
                color: 'red',
                onClick: () =>
                  tools.run(() => api('DELETE', `/roledelete/${r.id}`), 'Are you sure you want to delete this role?'),
              },
            ]}
          />
        )
      }
    />
  );
}
