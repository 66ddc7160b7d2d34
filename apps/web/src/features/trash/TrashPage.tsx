import { formatDay } from '@duka/shared';
import { api } from '../../api/client.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

interface TrashRow {
  id: number;
  name: string;
  model: string;
  record_type: string;
  created_at: string;
}

// Soft-deleted records of every kind; the row id is only unique within a kind, so rows are keyed by both.
export function TrashPage() {
  return (
    <ListPage<TrashRow>
      title="Trash"
      endpoint="/trashlist"
      rowKey={(r) => `${r.model}-${r.id}`}
      // A restored or purged record reappears in (or leaves) its own list and the selects of the forms.
      alsoInvalidates={[
        '/rolelist',
        '/userlist',
        '/categorylist',
        '/productlist',
        '/brandlist',
        '/measurementlist',
        '/supplierlist',
        '/stocklist',
        '/stocklevel',
        '/getcategories',
        '/getproducts',
        '/getbrandsbyproduct',
        '/getbrands',
        '/getmeasurements',
        '/getsuppliers',
        '/getstockbatches',
      ]}
      columns={[
        { header: 'RECORD NAME', cell: (r) => r.name },
        { header: 'RECORD TYPE', cell: (r) => r.record_type },
        { header: 'DELETED AT', cell: (r) => formatDay(r.created_at) },
      ]}
      rowActions={(r, tools) => (
        <RowMenu
          actions={[
            {
              label: 'Restore',
              onClick: () =>
                tools.run(
                  () => api('PUT', `/trashrestore/${r.model}/${r.id}`),
                  'Are you sure you want to restore this record?',
                ),
            },
            {
              label: 'Delete',
              color: 'red',
              onClick: () =>
                tools.run(
                  () => api('DELETE', `/trashdelete/${r.model}/${r.id}`),
                  'Are you sure you want to delete this record permanently?',
                ),
            },
          ]}
        />
      )}
    />
  );
}
