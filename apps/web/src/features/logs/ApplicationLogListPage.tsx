import { API } from '@duka/shared';
import { Select } from '@mantine/core';
import { useLogColumns } from '../../api/logs.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

export function ApplicationLogListPage() {
  const columns = useLogColumns();
  return (
    <ListPage
      title="Application Logs"
      trail={[{ label: 'Audit Logs' }, { label: 'Application' }]}
      endpoint={API.log.list}
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
