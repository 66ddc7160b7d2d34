import { z } from 'zod';
import { can, defineEndpoint, done } from '../contract/endpoint.ts';
import { listEndpoints } from '../contract/lists.ts';
import { idParamSchema } from '../list.schemas.ts';
import { trashList } from '../lists/activity-lists.ts';

// The trash: every kind's soft-deleted records (the declared list, lists/activity-lists.ts), restored or removed
// for good.

/** A trashed record: its kind and id. */
export const trashParams = z.object({
  model: z.string().regex(/^[a-z_]{1,40}$/, { error: 'Unknown record type.' }),
  id: idParamSchema.shape.id,
});

export const trashEndpoints = {
  /** /trashlist, from the declaration. */
  ...listEndpoints(trashList),
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
