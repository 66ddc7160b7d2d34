import { formatDay } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import type { SupplierRecord } from './SupplierFields.tsx';

export function SupplierListPage() {
  return (
    <ListPage<SupplierRecord>
      title="Suppliers"
      trail={[{ label: 'Suppliers' }]}
      endpoint="/supplierlist"
      create={{ to: '/suppliercreate', permission: 'supplierAdd' }}
      bulkDelete={{
        permission: 'supplierBulkDelete',
        path: '/suppliersdelete',
        field: 'supplier_ids',
        question: (n) => `Are you sure you want to delete ${n} supplier(s)?`,
      }}
      exports={{ permission: 'supplierExport', xlsx: '/supplierxlsx', csv: '/suppliercsv', name: 'suppliers' }}
      alsoInvalidates={['/trashlist', '/getsuppliers']}
      columns={[
        { header: 'SUPPLIER NUMBER/ID', cell: (s) => s.supplier_number },
        { header: 'NAME', cell: (s) => s.name },
        { header: 'CONTACT', cell: (s) => s.phone_number },
        { header: 'EMAIL', cell: (s) => s.email },
        { header: 'TIN', cell: (s) => s.tin },
        { header: 'COUNTRY', cell: (s) => s.country },
        { header: 'ADDRESS', cell: (s) => s.address },
        { header: 'DATE', cell: (s) => formatDay(s.created_at) },
      ]}
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
