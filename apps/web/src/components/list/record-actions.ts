import type { CrudWord } from '@duka/shared';
import { api } from '../../api/client.ts';
import type { ListPageProps, RowTools } from './ListPage.tsx';
import type { RowAction } from './RowMenu.tsx';

// A catalogue record's list screen is spelled from its permission word, as the server's registerCrudRoutes spells its
// calls: 'brand' → /brandlist, /brandcreate (brandAdd), /brandsdelete (brandBulkDelete, body brand_ids),
// /brandupdate/{id} (brandEdit), /branddelete/{id} (brandDelete). Each action is still checked against the user's
// keys.

export interface RecordSpelling {
  /** The bulk delete's path word: 'categories' → /categoriesdelete; `${word}s` unless given. */
  plural?: string;
  /** The bulk delete's body field; `${word}_ids` unless given. */
  idsField?: string;
  /** Other cached calls a delete makes stale (the lookups of the forms' selects, reports); the trash always is. */
  refreshes?: string[];
}

/** A record's list call, its Create button and bulk delete, and what its deletes refresh (the trash first). */
export function recordListProps(
  word: CrudWord,
  spelling: RecordSpelling = {},
): Pick<ListPageProps<{ id: number }>, 'endpoint' | 'create' | 'bulkDelete' | 'alsoInvalidates'> {
  const { plural = `${word}s`, idsField = `${word}_ids`, refreshes = [] } = spelling;
  return {
    endpoint: `/${word}list`,
    alsoInvalidates: ['/trashlist', ...refreshes],
    create: { to: `/${word}create`, permission: `${word}Add` },
    bulkDelete: {
      permission: `${word}BulkDelete`,
      path: `/${plural}delete`,
      field: idsField,
      question: (n) => `Are you sure you want to delete ${n} ${word}(s)?`,
    },
  };
}

/** A row's Edit and Delete (after a confirmation). */
export function editDeleteActions(word: CrudWord, id: number, tools: RowTools): RowAction[] {
  return [
    { label: 'Edit', permission: `${word}Edit`, to: `/${word}update/${id}` },
    {
      label: 'Delete',
      permission: `${word}Delete`,
      color: 'red',
      onClick: () =>
        tools.run(() => api('DELETE', `/${word}delete/${id}`), `Are you sure you want to delete this ${word}?`),
    },
  ];
}
