import { API, formatDay } from '@duka/shared';
import { purgeFromTrash, restoreFromTrash, TRASHED_KINDS } from '../../api/trash.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';

// Soft-deleted records of every kind; the row id is only unique within a kind, so rows are keyed by both.
export function TrashPage() {
  return (
    <ListPage
      title="Trash"
      endpoint={API.trash.list}
      rowKey={(r) => `${r.model}-${r.id}`}
      // A restored or purged record reappears in (or leaves) its own list and the selects of the forms.
      refreshes={TRASHED_KINDS}
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
              onClick: () => tools.run(() => restoreFromTrash(r), 'Are you sure you want to restore this record?'),
            },
            {
              label: 'Delete',
              color: 'red',
              onClick: () =>
                tools.run(() => purgeFromTrash(r), 'Are you sure you want to delete this record permanently?'),
            },
          ]}
        />
      )}
    />
  );
}
