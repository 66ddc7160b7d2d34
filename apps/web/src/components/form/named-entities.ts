import { API } from 'virtual:contract-addresses';
import { type Endpoint, roleCreateSchema, roleUpdateSchema } from '@duka/shared';
import type { Resource } from '../../api/queries.ts';
import type { RecordFormSpec } from './record-form.tsx';

// Records that are just a name (roles, categories): one declaration each, the same two forms.

export interface NamedRecord {
  create: RecordFormSpec<typeof roleCreateSchema>;
  update: RecordFormSpec<typeof roleUpdateSchema, { name: string }>;
}

/** `word` spells the screens (/{word}list); the calls are the record's contracts. */
function named(
  label: string,
  word: string,
  calls: { store: Endpoint; update: Endpoint; show: Endpoint },
  refreshes: Resource[] = [],
): NamedRecord {
  // Lookups other forms read (the categories' select) are refreshed after a save so their selects offer the change.
  const base = { label, list: `/${word}list`, refreshes, width: 640 };
  return {
    create: { ...base, schema: roleCreateSchema, save: calls.store, environment: true, empty: { name: '' } },
    update: {
      ...base,
      schema: roleUpdateSchema,
      save: calls.update,
      show: calls.show,
      toValues: (r) => ({ name: r.name }),
    },
  };
}

/** The records that are only a name, by the word the router names them with. */
export const NAMED_RECORDS = {
  role: named('Role', 'role', API.role),
  category: named('Category', 'category', API.category),
};
export type NamedWord = keyof typeof NAMED_RECORDS;
