import { formatDay } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

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
      {...recordListProps('measurement', { refreshes: ['/getmeasurements'] })}
      columns={[
        { header: 'NAME', cell: (m) => m.name },
        { header: 'CREATED BY', cell: (m) => m.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (m) => formatDay(m.created_at) },
      ]}
      rowActions={(m, tools) => <RowMenu actions={editDeleteActions('measurement', m.id, tools)} />}
    />
  );
}
