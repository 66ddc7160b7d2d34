import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

export interface LogRow {
  id: number;
  type: string;
  activity: string;
  details: string;
  browser: string;
  platform: string;
  ip: string;
  user: { name: string } | null;
  formatted_created_at: string;
}

export function ApplicationLogListPage() {
  const columns = useQuery({
    queryKey: ['/applicationlogcolumns'],
    queryFn: () =>
      api<{ types: { type: string }[]; activities: { activity: string }[] }>('GET', '/applicationlogcolumns'),
  });
  return (
    <ListPage<LogRow>
      title="Application Logs"
      trail={[{ label: 'Audit Logs' }, { label: 'Application' }]}
      endpoint="/applicationloglist"
      filters={dateFilter('applicationLogs', {
        initial: { type: '', activity: '' },
        render: (values, set) => (
          <>
            <Select
              label="Type"
              clearable
              data={(columns.data?.types ?? []).map((t) => t.type)}
              value={values.type || null}
              onChange={(v) => set('type', v ?? '')}
            />
            <Select
              label="Activity"
              clearable
              data={(columns.data?.activities ?? []).map((a) => a.activity)}
              value={values.activity || null}
              onChange={(v) => set('activity', v ?? '')}
            />
          </>
        ),
      })}
      columns={[
        { header: 'TYPE', cell: (l) => l.type },
        { header: 'ACTIVITY', cell: (l) => l.activity },
        { header: 'BROWSER', cell: (l) => l.browser },
        { header: 'IP ADDRESS', cell: (l) => l.ip },
        { header: 'USER', cell: (l) => l.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (l) => l.formatted_created_at },
      ]}
      rowActions={(l) => <RowMenu actions={[{ label: 'View', to: `/applicationlogshow/${l.id}` }]} />}
    />
  );
}
