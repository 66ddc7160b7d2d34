import { API, formatDay, padCount } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

export function RoleListPage() {
  return (
    <ListPage
      title="Roles"
      {...recordListProps('role', API.role)}
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
              ...editDeleteActions('role', API.role, r.id, tools),
            ]}
          />
        )
      }
    />
  );
}
