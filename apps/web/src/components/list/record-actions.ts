import type { CrudWord, Endpoint } from '@duka/shared';
import { call } from '../../api/client.ts';
import type { Resource } from '../../api/queries.ts';
import type { ListPageProps, RowTools } from './ListPage.tsx';
import type { RowAction } from './RowMenu.tsx';

// A catalogue record's list screen, from its contracts (API.brand: list, delete, bulkDelete) and its permission word,
// which spells its screens as the original client's: /brandcreate (brandAdd), /brandupdate/{id} (brandEdit). Each
// action is still checked against the user's keys.

/** The record calls a list screen uses. */
export interface RecordCalls<List extends Endpoint> {
  list: List;
  delete: Endpoint;
  bulkDelete: Endpoint;
}

export interface RecordSpelling {
  /** The bulk delete's body field; `${word}_ids` unless given. */
  idsField?: string;
  /** Other resources a delete makes stale (the lookups of the forms' selects, reports); the trash always is. */
  refreshes?: readonly Resource[];
}

/** A record's list call, its Create button and bulk delete, and what its deletes refresh (the trash first). */
export function recordListProps<List extends Endpoint & { method: 'GET' }>(
  word: CrudWord,
  calls: RecordCalls<List>,
  spelling: RecordSpelling = {},
): Pick<ListPageProps<List>, 'endpoint' | 'create' | 'bulkDelete' | 'refreshes'> {
  const { idsField = `${word}_ids`, refreshes = [] } = spelling;
  return {
    endpoint: calls.list,
    refreshes: ['trash', ...refreshes],
    create: { to: `/${word}create`, permission: `${word}Add` },
    bulkDelete: {
      endpoint: calls.bulkDelete,
      field: idsField,
      question: (n) => `Are you sure you want to delete ${n} ${word}(s)?`,
    },
  };
}

/** A row's Edit and Delete (after a confirmation). */
export function editDeleteActions(
  word: CrudWord,
  calls: Pick<RecordCalls<Endpoint>, 'delete'>,
  id: number,
  tools: RowTools,
): RowAction[] {
  return [
    { label: 'Edit', permission: `${word}Edit`, to: `/${word}update/${id}` },
    {
      label: 'Delete',
      permission: `${word}Delete`,
      color: 'red',
      onClick: () =>
        tools.run(
          () => call(calls.delete, { params: { id } } as never) as Promise<{ message?: string }>,
          `Are you sure you want to delete this ${word}?`,
        ),
    },
  ];
}
