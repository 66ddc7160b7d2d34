import type { z } from 'zod';
import { idListSchema, idParamSchema } from '../list.schemas.ts';
import type { CrudWord, PermissionKey } from '../permissions.ts';
import { can, defineEndpoint, done, doneWith, ok } from './endpoint.ts';

// The six calls of a catalogue record (list, store, show, update, delete, bulk delete), declared from its word:
// 'brand' → brandList, brandAdd, brandEdit, brandDelete, brandBulkDelete. `recordEndpoints` gives the five record
// calls; the list is the record's list declaration's (listEndpoints).

export interface CrudContractSpec<
  Word extends CrudWord,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Shown extends z.ZodType,
  Made extends z.ZodType,
> {
  word: Word;
  /** `/brandstore`… as the original client calls them. */
  paths: { store: string; show: string; update: string; delete: string; bulkDelete: string };
  /** Body field of the bulk delete: `brand_ids`. */
  idsField: string;
  create: Create;
  update: Update;
  /** The show call's record and what the store call answers in `data`. */
  shown: Shown;
  made: Made;
}

const key = <W extends CrudWord, A extends string>(word: W, action: A) => `${word}${action}` as PermissionKey;

export function recordEndpoints<
  const Word extends CrudWord,
  Create extends z.ZodType,
  Update extends z.ZodType,
  Shown extends z.ZodType,
  Made extends z.ZodType,
>(spec: CrudContractSpec<Word, Create, Update, Shown, Made>) {
  const { word, paths } = spec;
  const resource = word as Word;
  return {
    store: defineEndpoint({
      summary: `Creates a ${word}`,
      method: 'POST',
      path: paths.store,
      access: can(key(word, 'Add')),
      resource,
      body: spec.create,
      answer: doneWith(spec.made),
      errors: [409],
    }),
    show: defineEndpoint({
      summary: `One ${word}`,
      method: 'GET',
      path: `${paths.show}/:id`,
      access: can(key(word, 'List')),
      resource,
      params: idParamSchema,
      answer: ok(spec.shown),
    }),
    update: defineEndpoint({
      summary: `Updates a ${word}`,
      method: 'PUT',
      path: `${paths.update}/:id`,
      access: can(key(word, 'Edit')),
      resource,
      params: idParamSchema,
      body: spec.update,
      answer: done,
      errors: [409],
    }),
    delete: defineEndpoint({
      summary: `Moves a ${word} to the trash`,
      method: 'DELETE',
      path: `${paths.delete}/:id`,
      access: can(key(word, 'Delete')),
      resource,
      params: idParamSchema,
      answer: done,
      errors: [409],
    }),
    bulkDelete: defineEndpoint({
      summary: `Moves several ${word} records to the trash`,
      method: 'DELETE',
      path: paths.bulkDelete,
      access: can(key(word, 'BulkDelete')),
      resource,
      body: idListSchema(spec.idsField),
      answer: done,
      errors: [404, 409],
    }),
  };
}
