import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_INTEGER, PAGE_SIZES } from './constants.ts';
import { numeric } from './fields.ts';

// The query every list takes (pagination_size, page, search) and the envelope every list answers.
export const listQuerySchema = z.object({
  pagination_size: numeric(
    z
      .number({ error: 'The page size must be one of 5, 10, 25, 50, 100.' })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
        error: 'The page size must be one of 5, 10, 25, 50, 100.',
      }),
  ).default(DEFAULT_PAGE_SIZE),
  page: numeric(z.number({ error: 'The page must be a whole number from 1.' }).int().min(1).max(1_000_000)).default(1),
  search: z.string().trim().max(100, { error: 'The search may have at most 100 characters.' }).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export interface ListEnvelope<Row> {
  success: true;
  data: Row[];
  current_page: number;
  last_page: number;
  total: number;
  per_page: number;
  from: number | null;
  to: number | null;
  /** A declared list's figures over every filtered row (ListDeclaration.totals), by field. */
  totals?: Record<string, number>;
}

/** YYYY-MM-DD, a real calendar day. */
export const isoDate = (message = 'Use the date format YYYY-MM-DD.') =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: message, abort: true })
    .refine(
      // From 1900: PostgreSQL has no year 0, and no shop record is older.
      (v) =>
        Number(v.slice(0, 4)) >= 1900 &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        error: message,
      },
    );

/** Bulk delete bodies: `role_ids`, `user_ids`… a non-empty list of ids. */
export const idListSchema = (field: string) =>
  z.object({
    [field]: z
      .array(numeric(z.number().int().positive()), { error: 'Select at least one record.' })
      .min(1, { error: 'Select at least one record.' })
      .max(1000, { error: 'At most 1000 records at once.' }),
  });

export const idParamSchema = z.object({
  id: numeric(z.number({ error: 'Not found.' }).int().positive().max(MAX_INTEGER)),
});

/** A blank filter is no filter. (Not a union with '': a union of two failures says only "Invalid input".) */
export const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalDay = (label: string) =>
  z.preprocess(blankAsAbsent, isoDate(`The ${label} must be a date (YYYY-MM-DD).`).optional());

/** startDate/endDate filters of the stock, sales and log lists; a period includes its last day. */
export const dateRangeSchema = z
  .object({ startDate: optionalDay('start date'), endDate: optionalDay('end date') })
  .refine((v) => !v.startDate || !v.endDate || v.startDate <= v.endDate, {
    error: 'The end date cannot be before the start date.',
    path: ['endDate'],
  });
