import { z } from 'zod';
import { ENVIRONMENTS } from '../constants.ts';
import { instant } from '../contract/endpoint.ts';

// Answer parts many contracts share.

/** A joined record shown by its name (`product`, `user`: the creator), null when there is none. */
export const namedRef = z.object({ name: z.string() }).nullable();

/** `{ id, name }`: a select's option. */
export const option = z.object({ id: z.number(), name: z.string() });

export const environment = z.enum(ENVIRONMENTS);

/** When a record was made, as an instant and as the shop's day (`formatted_created_at`, YYYY-MM-DD). */
export const createdStamp = {
  created_at: instant,
  formatted_created_at: z.string(),
};
