import { saleList } from '@duka/shared';
import { dateFilter } from '../../components/list/date-filter.tsx';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredFilterKey, declaredList } from '../../components/list/report-cells.tsx';

/** The sales: columns, filter and export menu as declared (saleList); the subtotal is in the files only. */
export function SalesListPage() {
  return (
    <ListPage
      title="Sales"
      {...declaredList(saleList)}
      filters={dateFilter(declaredFilterKey(saleList))}
      rowActions={(s) => (
        <RowMenu
          actions={[
            { label: 'Receipt', permission: 'salesReceipt', to: `/salesreceipt/${s.id}` },
            { label: 'Invoice', permission: 'salesInvoice', to: `/salesinvoice/${s.id}` },
            { label: 'Return', permission: 'salesReturn', to: `/salesreturn/${s.id}` },
          ]}
        />
      )}
    />
  );
}
