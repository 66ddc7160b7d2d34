import { API, formatDay, unitLabel } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';

// Create and update: MeasurementFormPages.tsx. The plural column shows what the receipts and the POS write for more
// than one: the shop's own plural or the shared rule's. Unlike the original client, every action here is checked
// against the user's keys.
export function MeasurementListPage() {
  return (
    <ListPage
      title="Measurements"
      {...recordListProps('measurement', API.measurement)}
      columns={[
        { header: 'NAME', cell: (m) => m.name },
        { header: 'PLURAL', cell: (m) => unitLabel(2, m) },
        { header: 'CREATED BY', cell: (m) => m.user?.name ?? 'N/A' },
        { header: 'DATE', cell: (m) => formatDay(m.created_at) },
      ]}
      rowActions={(m, tools) => <RowMenu actions={editDeleteActions('measurement', API.measurement, m.id, tools)} />}
    />
  );
}
