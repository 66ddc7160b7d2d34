import { API } from 'virtual:contract-addresses';
import { measurementList, unitLabel } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';

// Create and update: MeasurementFormPages.tsx. Columns as declared (measurementList); the plural column shows what
// the receipts and the POS write for more than one: the shop's own plural or the shared rule's. Unlike the original
// client, every action here is checked against the user's keys.
export function MeasurementListPage() {
  return (
    <ListPage
      title="Measurements"
      {...declaredList(measurementList, { plural: (m) => unitLabel(2, m) })}
      {...recordListProps('measurement', API.measurement)}
      rowActions={(m, tools) => <RowMenu actions={editDeleteActions('measurement', API.measurement, m.id, tools)} />}
    />
  );
}
