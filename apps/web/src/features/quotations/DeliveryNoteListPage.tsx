import { deliveryNoteList } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/**
 * Delivery notes, newest first: columns and date filter as declared (deliveryNoteList); a row opens its note. A trip
 * starts from its sale (the receipt, or the Awaiting Delivery report), not from here.
 */
export function DeliveryNoteListPage() {
  return (
    <ListPage
      title={deliveryNoteList.title}
      {...declaredList(deliveryNoteList)}
      filters={dateFilter(declaredFilterKey(deliveryNoteList))}
      rowActions={(d) => (
        <RowMenu actions={[{ label: 'View', permission: 'deliveryNoteList', to: `/deliverynoteshow/${d.id}` }]} />
      )}
    />
  );
}
