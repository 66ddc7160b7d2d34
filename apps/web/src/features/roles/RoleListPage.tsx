import { API } from 'virtual:contract-addresses';
import { padCount, roleList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';

/** The roles: columns as declared (roleList), the users' count padded to two digits. The built-in Administrator role
 * has no actions. */
export function RoleListPage() {
  return (
    <ListPage
      title="Roles"
      {...declaredList(roleList, { users_count: (r) => padCount(r.users_count) })}
      {...recordListProps('role', API.role)}
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
