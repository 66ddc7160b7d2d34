import type { CrudWord } from '@duka/shared';
import { api } from '../../api/client.ts';
import type { ListPageProps, RowTools } from './ListPage.tsx';
import type { RowAction } from './RowMenu.tsx';

// A catalogue record's list actions are spelled from its permission word, as the server's registerCrudRoutes spells
// its calls: 'brand' → /brandcreate (brandAdd), /brandsdelete (brandBulkDelete, body brand_ids),
// /brandupdate/{id} (brandEdit), /branddelete/{id} (brandDelete). Each action is still checked against the user's
// keys (PRODUCT.md §2).

export interface RecordSpelling {
  /** The bulk delete's path word: 'categories' → /categoriesdelete; `${word}s` unless given. */
  plural?: string;
  /** The bulk delete's body field; `${word}_ids` unless given. */
  idsField?: string;
}

/** The Create button and the bulk delete of a record's list page. */
export function recordListActions(
  word: CrudWord,
  spelling: RecordSpelling = {},
): Pick<ListPageProps<{ id: number }>, 'create' | 'bulkDelete'> {
  const { plural = `${word}s`, idsField = `${word}_ids` } = spelling;
  return {
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
