import { type SupplierRecord, supplierList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';

/** The suppliers: columns and export menu as declared (supplierList), the files' columns. */
export function SupplierListPage() {
  return (
    <ListPage<SupplierRecord>
      title="Suppliers"
      {...declaredList<SupplierRecord>(supplierList)}
      {...recordListProps('supplier', { refreshes: ['/getsuppliers'] })}
      rowActions={(s, tools) => <RowMenu actions={editDeleteActions('supplier', s.id, tools)} />}
    />
  );
}
