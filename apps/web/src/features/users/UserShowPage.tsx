import { formatDay } from '@duka/shared';
import { Button, Group, Menu, Paper } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { useRecord } from '../../api/lists.ts';
import { FormAlerts } from '../../components/FormAlerts.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { RecordTable } from '../../components/RecordTable.tsx';
import type { UserRow } from './UserListPage.tsx';

export function UserShowPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const user = useRecord<UserRow>('/usershow', id);
  const [error, setError] = useState<string>();
  if (user.isPending) return <PageLoader />;
  if (user.isError) return <FormAlerts state={{ error: errorMessage(user.error) }} onClose={() => user.refetch()} />;
  const u = user.data;
  const rows: [string, string][] = [
    ['User number', u.user_number],
    ['Name', u.name],
    ['Gender', u.gender],
    ['NIN', u.nin],
    ['Contact', u.phone_number],
    ['Email', u.email],
    ['Role', u.role ?? 'N/A'],
    ['Date', formatDay(u.created_at)],
  ];
  const today = new Date().toISOString().slice(0, 10).replace(/-/g, '_');
  return (
    <>
      <PageHeader title="User Details" trail={[{ label: 'Users', to: '/userlist' }, { label: 'View' }]} />
      <FormAlerts state={{ error }} onClose={() => setError(undefined)} />
      <Paper p="lg" withBorder maw={720}>
        <Group justify="space-between" mb="md">
          <Button variant="default" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Menu>
            <Menu.Target>
              <Button variant="light">Actions</Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  downloadFile(`/userpdf/${u.id}`, `${today}_user_${u.id}.pdf`).catch((e) => setError(errorMessage(e)))
                }
              >
                Export PDF
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
        <RecordTable rows={rows} />
      </Paper>
    </>
  );
}
