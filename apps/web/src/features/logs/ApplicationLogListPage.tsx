import { applicationLogList } from '@duka/shared';
import { Select } from '@mantine/core';
import { useLogColumns } from '../../api/logs.ts';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The application log: columns as declared (applicationLogList); filtered by type, activity and days. */
export function ApplicationLogListPage() {
  const columns = useLogColumns();
  return (
    <ListPage
      title="Application Logs"
      trail={[{ label: 'Audit Logs' }, { label: 'Application' }]}
      {...declaredList(applicationLogList)}
      filters={dateFilter(declaredFilterKey(applicationLogList), {
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
      rowActions={(l) => <RowMenu actions={[{ label: 'View', to: `/applicationlogshow/${l.id}` }]} />}
    />
  );
}
