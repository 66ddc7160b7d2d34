import { API } from 'virtual:contract-addresses';
import type { TrashRow } from '@duka/shared';
import { call } from './client.ts';
import type { Resource } from './queries.ts';

// The trash: every kind's soft-deleted records, brought back or deleted for good.

/**
 * What a restored or purged record reappears in or leaves, beside the trash itself: its kind's list, the selects of
 * the forms and what reports and the dashboard show of it (every kind the trash holds).
 */
export const TRASHED_KINDS: readonly Resource[] = [
  'role',
  'user',
  'category',
  'product',
  'brand',
  'measurement',
  'supplier',
  'stock',
  'expense',
];

/** Brings a record back from the trash. */
export const restoreFromTrash = ({ model, id }: Pick<TrashRow, 'model' | 'id'>) =>
  call(API.trash.restore, { params: { model, id } });

/** Deletes a trashed record for good. */
export const purgeFromTrash = ({ model, id }: Pick<TrashRow, 'model' | 'id'>) =>
  call(API.trash.purge, { params: { model, id } });
