import { z } from 'zod';
import { can, defineEndpoint, done, instant } from '../contract/endpoint.ts';
import { idParamSchema, listQuerySchema } from '../list.schemas.ts';
import { listEnvelopeSchema } from '../lists/declaration.ts';

// The trash: every kind's soft-deleted records, restored or removed for good.

/** One trashed record: its kind (`model`, as the restore and delete paths take it) and when it went. */
export const trashRow = z.object({
  id: z.number(),
  name: z.string(),
  /** stock, product, user… */
  model: z.string(),
  /** The kind as shown: Stock, Product, User… */
  record_type: z.string(),
  /** When it was moved to the trash. */
  created_at: instant,
});
export type TrashRow = z.output<typeof trashRow>;

/** A trashed record: its kind and id. */
export const trashParams = z.object({
  model: z.string().regex(/^[a-z_]{1,40}$/, { error: 'Unknown record type.' }),
  id: idParamSchema.shape.id,
});

export const trashEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/trashlist',
    access: can('trash'),
    resource: 'trash',
    summary: "Every kind's trashed records, newest first",
    query: listQuerySchema,
    answer: listEnvelopeSchema(trashRow),
  }),
  restore: defineEndpoint({
    method: 'PUT',
    path: '/trashrestore/:model/:id',
    access: can('trash'),
    resource: 'trash',
    summary: 'Bring a record back from the trash',
    params: trashParams,
    answer: done,
    errors: [409],
  }),
  purge: defineEndpoint({
    method: 'DELETE',
    path: '/trashdelete/:model/:id',
    access: can('trash'),
    resource: 'trash',
    summary: 'Delete a trashed record for good (refused while other records refer to it)',
    params: trashParams,
    answer: done,
    errors: [409],
  }),
};
