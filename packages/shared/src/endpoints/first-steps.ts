import { z } from 'zod';
import { can, defineEndpoint, done, ok } from '../contract/endpoint.ts';
import type { FirstSteps } from '../first-steps.ts';

// A new shop's first steps (first-steps.ts), for the Administrator: `settings` is a private key.

/** Each step done or not; shown while one is left and nobody dismissed it (the type is FirstSteps). */
export const firstStepsShown = z.object({
  done: z.object({
    business: z.boolean(),
    vat: z.boolean(),
    products: z.boolean(),
    users: z.boolean(),
    backups: z.boolean(),
  }),
  dismissed: z.boolean(),
  show: z.boolean(),
}) satisfies z.ZodType<FirstSteps>;

export const firstStepsEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/firststeps',
    access: can('settings'),
    resource: 'firstSteps',
    answer: ok(firstStepsShown),
    summary: "The first steps' checklist: which are done, and whether it shows.",
  }),
  dismiss: defineEndpoint({
    method: 'POST',
    path: '/firststepsdismiss',
    access: can('settings'),
    resource: 'firstSteps',
    answer: done,
    summary: 'Hides the first steps for good.',
  }),
};
