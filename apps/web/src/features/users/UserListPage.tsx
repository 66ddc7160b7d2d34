import { formatDay, GENDERS } from '@duka/shared';
import { Select } from '@mantine/core';
import { useMe } from '../../api/auth.ts';
import { api } from '../../api/client.ts';
import { useLookup } from '../../api/lists.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { type RowAction, RowMenu } from '../../components/list/RowMenu.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';

export interface UserRow {
  id: number;
  user_number: string;
  name: string;
  gender: string;
  nin: string;
  phone_number: string;
  email: string;
  role_id: number;
  role: string | null;
  role_is_admin: boolean;
  is_locked: 0 | 1;
  created_at: string;
}

export function UserListPage() {
  const roles = useLookup('/userroles');
  const me = useMe();
  // The server refuses a non-Administrator any change to an Administrator's account: offer only View then.
  const mayChange = (u: UserRow) => !u.role_is_admin || me.data?.is_admin === true;
  return (
    <ListPage<UserRow>
      title="Users"
      trail={[{ label: 'Users' }]}
      endpoint="/userlist"
      create={{ to: '/usercreate', permission: 'userAdd' }}
      bulkDelete={{
        permission: 'userBulkDelete',
        path: '/usersdelete',
        field: 'user_ids',
        question: (n) => `Are you sure you want to delete ${n} user(s)?`,
      }}
      exports={{ permission: 'userExport', xlsx: '/userxlsx', csv: '/usercsv', name: 'users' }}
      alsoInvalidates={['/trashlist', '/rolelist']}
      filters={{
        permission: 'userFilter',
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
      columns={[
        { header: 'USER NUMBER/ID', cell: (u) => u.user_number },
        { header: 'NAME', cell: (u) => u.name },
        { header: 'GENDER', cell: (u) => u.gender },
        { header: 'CONTACT', cell: (u) => u.phone_number },
        { header: 'EMAIL', cell: (u) => u.email },
        { header: 'ROLE', cell: (u) => u.role ?? 'N/A' },
        {
          header: 'STATUS',
          cell: (u) => (
            <StatusBadge color={u.is_locked ? 'red' : 'green'} label={u.is_locked ? 'Locked' : 'Unlocked'} />
          ),
        },
        { header: 'DATE', cell: (u) => formatDay(u.created_at) },
      ]}
      rowActions={(u, tools) => (
        <RowMenu
          actions={[
            { label: 'View', to: `/usershow/${u.id}` },
            ...(mayChange(u)
              ? ([
                  { label: 'Edit', permission: 'userEdit', to: `/userupdate/${u.id}` },
                  {
                    label: 'Delete',
                    permission: 'userDelete',
                    color: 'red',
                    onClick: () =>
                      tools.run(
                        () => api('DELETE', `/userdelete/${u.id}`),
                        'Are you sure you want to delete this user?',
                      ),
                  },
                  {
                    label: u.is_locked ? 'Unlock' : 'Lock',
                    permission: 'userLockUnlock',
                    onClick: () =>
                      tools.run(
                        () => api('PUT', `/userlockunlock/${u.id}`),
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
