import { API } from 'virtual:contract-addresses';
import { supplierList } from '@duka/shared';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { editDeleteActions, recordListProps } from '../../components/list/record-actions.ts';
import { declaredList } from '../../components/list/report-cells.tsx';

/**
 * The suppliers: columns and export menu as declared (supplierList), the files' columns; each row opens the supplier's
 * statement (what the shop owes them, and where they are paid).
 */
export function SupplierListPage() {
  return (
    <ListPage
      title="Suppliers"
      {...declaredList(supplierList)}
      {...recordListProps('supplier', { ...API.supplier, list: API.supplier.supplierList.list })}
      rowActions={(s, tools) => (
        <RowMenu
          actions={[
            { label: 'Statement', permission: 'supplierStatement', to: `/supplierstatement/${s.id}` },
            ...editDeleteActions('supplier', API.supplier, s.id, tools),
          ]}
        />
      )}
    />
  );
}
