import { roleCreateSchema, roleUpdateSchema } from '@duka/shared';
import type { RecordFormSpec } from './record-form.tsx';

// Records that are just a name (roles, categories): one declaration each, the same two forms.

export interface NamedRecord {
  create: RecordFormSpec<typeof roleCreateSchema>;
  update: RecordFormSpec<typeof roleUpdateSchema, { name: string }>;
}

/** `word` spells the calls: /{word}list, /{word}store, /{word}update/{id}, /{word}show/{id}. */
function named(label: string, word: string, lookups: string[] = []): NamedRecord {
  // Lookups other forms read (/getcategories) are refreshed after a save so their selects offer the change.
  const base = { label, list: `/${word}list`, invalidates: lookups, width: 640 };
  return {
    create: { ...base, schema: roleCreateSchema, save: `/${word}store`, environment: true, empty: { name: '' } },
    update: {
      ...base,
      schema: roleUpdateSchema,
      save: `/${word}update`,
      show: `/${word}show`,
      toValues: (r) => ({ name: r.name }),
    },
  };
}

export const ROLE = named('Role', 'role');
export const CATEGORY = named('Category', 'category', ['/getcategories']);
