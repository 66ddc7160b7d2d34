import { formatDay } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

interface MeasurementRow {
  id: number;
  name: string;
  user: { name: string } | null;
  created_at: string;
}

// Create and update are the generic name-only forms (MEASUREMENT in named-entities.ts). Unlike the seeds, every action
// here is checked against the user's keys (PRODUCT.md §2).
export function MeasurementListPage() {
  return (
    <ListPage<MeasurementRow>
      title="Measurements"
      trail={[{ label: 'Measurements' }]}
      endpoint="/measurementlist"
      create={{ to: '/measurementcreate', permission: 'measurementAdd' }}
      bulkDelete={{
        permission: 'measurementBulkDelete',
        path: '/measurementsdelete',
        field: 'measurement_ids',
        question: (n) => `Are you sure you want to delete ${n} measurement(s)?`,
      }}
      alsoInvalidates={['/trashlist', '/getmeasurements']}
      columns={[
        { header: 'NAME', cell: (m) => m.name },
        { header: 'CREATED BY', cell: (m) => m.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (m) => formatDay(m.created_at) },
      ]}
      rowActions={(m, tools) => (
        <RowMenu
          actions={[
            { label: 'Edit', permission: 'measurementEdit', to: `/measurementupdate/${m.id}` },
            {
              label: 'Delete',
              permission: 'measurementDelete',
              color: 'red',
              onClick: () =>
                tools.run(
                  () => api('DELETE', `/measurementdelete/${m.id}`),
                  'Are you sure you want to delete this measurement?',
                ),
            },
          ]}
        />
      )}
    />
  );
}
