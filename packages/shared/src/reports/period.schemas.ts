import { z } from 'zod';
import { blankAsAbsent, isoDate } from '../list.schemas.ts';

// The period filters of the reports: a report type with a custom range, a month, a day.

export const REPORT_TYPES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'custom'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

const RANGE_MESSAGE = 'The date range must be two dates: YYYY-MM-DD,YYYY-MM-DD.';
const day = isoDate(RANGE_MESSAGE);

/** `YYYY-MM-DD,YYYY-MM-DD`, both real days, the end not before the start. */
export const dateRangeField = z
  .string({ error: RANGE_MESSAGE })
  .trim()
  .refine(
    (v) => {
      const [start, end, extra] = v.split(',').map((s) => s.trim());
      return extra === undefined && day.safeParse(start).success && day.safeParse(end).success;
    },
    { error: RANGE_MESSAGE, abort: true },
  )
  .refine(
    (v) => {
      const [start = '', end = ''] = v.split(',').map((s) => s.trim());
      return start <= end;
    },
    { error: 'The end of the date range cannot be before its start.' },
  );

/** The two days of a valid `date_range`. */
export const splitDateRange = (range: string): [string, string] => {
  const [start = '', end = ''] = range.split(',').map((s) => s.trim());
  return [start, end];
};

export const optionalDayField = (label: string) =>
  z.preprocess(blankAsAbsent, isoDate(`The ${label} must be a date (YYYY-MM-DD).`).optional());

export const optionalMonthField = z.preprocess(
  blankAsAbsent,
  z
    .string({ error: 'The month must be in the format YYYY-MM.' })
    .regex(/^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/, { error: 'The month must be in the format YYYY-MM.' })
    .optional(),
);

/** report_type (default daily) and date_range, which custom needs and the others ignore. */
export const reportPeriodShape = {
  report_type: z.preprocess(
    blankAsAbsent,
    z.enum(REPORT_TYPES, { error: `The report type must be one of ${REPORT_TYPES.join(', ')}.` }).default('daily'),
  ),
  date_range: z.preprocess(blankAsAbsent, dateRangeField.optional()),
};

export const CUSTOM_RANGE_MISSING = 'Please select a date range for a custom report.';

export const requireCustomRange = (
  value: { report_type: ReportType; date_range?: string | undefined },
  ctx: z.RefinementCtx,
) => {
  if (value.report_type === 'custom' && !value.date_range) {
    ctx.addIssue({ code: 'custom', message: CUSTOM_RANGE_MISSING, path: ['date_range'] });
  }
};
