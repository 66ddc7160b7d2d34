import { API } from 'virtual:contract-addresses';
import { GENDERS, type UserRecord, userList } from '@duka/shared';
import { Select } from '@mantine/core';
import { useMe } from '../../api/auth.ts';
import { useRoleOptions } from '../../api/roles.ts';
import { lockUnlockUser } from '../../api/users.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { type RowAction, RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The users: columns, filters and export menu as declared (userList), the files' columns. */
export function UserListPage() {
  const roles = useRoleOptions();
  const me = useMe();
  // The server refuses a non-Administrator any change to an Administrator's account: offer only View then.
  const mayChange = (u: UserRecord) => !u.role_is_admin || me.data?.is_admin === true;
  return (
    <ListPage
      title="Users"
      {...declaredList<UserRecord>(userList)}
      // A user's role counts among the role's users.
      {...recordListProps('user', { ...API.user, list: API.user.userList.list }, { refreshes: ['role'] })}
      filters={{
        permission: declaredFilterKey(userList),
        initial: { gender: '', role: '' },
        render: (values, set) => (
          <>
            <Select
              label="Gender"
              clearable
              data={[...GENDERS]}
              value={values.gender || null}
              onChange={(v) => set('gender', v ?? '')}
            />
            <Select
              label="Role"
              clearable
              searchable
              data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
              value={values.role || null}
              onChange={(v) => set('role', v ?? '')}
            />
          </>
        ),
      }}
      rowActions={(u, tools) => (
        <RowMenu
          actions={[
            { label: 'View', to: `/usershow/${u.id}` },
            ...(mayChange(u)
              ? ([
                  ...editDeleteActions('user', API.user, u.id, tools),
                  {
                    label: u.is_locked ? 'Unlock' : 'Lock',
                    permission: 'userLockUnlock',
                    onClick: () =>
                      tools.run(
                        () => lockUnlockUser(u.id),
                        `Are you sure you want to ${u.is_locked ? 'unlock' : 'lock'} this user?`,
                      ),
                  },
                ] satisfies RowAction[])
              : []),
          ]}
        />
      )}
    />
  );
}
