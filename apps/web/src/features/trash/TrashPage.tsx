import { trashList } from '@duka/shared';
import { purgeFromTrash, restoreFromTrash, TRASHED_KINDS } from '../../api/trash.ts';
import { ListPage } from '../../components/list/ListPage.tsx';
import { RowMenu } from '../../components/list/RowMenu.tsx';
import { declaredList } from '../../components/list/report-cells.tsx';

// Soft-deleted records of every kind, columns as declared (trashList); the row id is only unique within a kind, so
// rows are keyed by both.
export function TrashPage() {
  return (
    <ListPage
      title="Trash"
      {...declaredList(trashList)}
      rowKey={(r) => `${r.model}-${r.id}`}
      // A restored or purged record reappears in (or leaves) its own list and the selects of the forms.
      refreshes={TRASHED_KINDS}
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
