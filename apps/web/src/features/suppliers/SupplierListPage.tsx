import { type SupplierRecord, supplierList } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredList } from '../../components/list/report-cells.tsx';

/** The suppliers: columns and export menu as declared (supplierList), the files' columns. */
export function SupplierListPage() {
  return (
    <ListPage<SupplierRecord>
      title="Suppliers"
      trail={[{ label: 'Suppliers' }]}
      {...declaredList<SupplierRecord>(supplierList)}
      create={{ to: '/suppliercreate', permission: 'supplierAdd' }}
      bulkDelete={{
        permission: 'supplierBulkDelete',
        path: '/suppliersdelete',
        field: 'supplier_ids',
        question: (n) => `Are you sure you want to delete ${n} supplier(s)?`,
      }}
      alsoInvalidates={['/trashlist', '/getsuppliers']}
      rowActions={(s, tools) => (
        <RowMenu
          actions={[
            { label: 'Edit', permission: 'supplierEdit', to: `/supplierupdate/${s.id}` },
            {
              label: 'Delete',
              permission: 'supplierDelete',
              color: 'red',
              onClick: () =>
                tools.run(
                  () => api('DELETE', `/supplierdelete/${s.id}`),
                  'Are you sure you want to delete this supplier?',
                ),
            },
          ]}
        />
      )}
    />
  );
}
