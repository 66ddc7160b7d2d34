import {
  AGING_PERIODS,
  DEFAULT_AGING_PERIOD,
  filterNames,
  formatDay,
  type ListDeclaration,
  REPORT_TYPES,
  type ReportType,
  splitDateRange,
} from '@duka/shared';
import { Select, TextInput } from '@mantine/core';
import type { FilterValues } from './ListPage.tsx';

// The period fields of a report's filter panel, chosen by the filter names its declaration's
// filter schema holds: a day (`Date`), a week (`week_start`), a month, a report type with a custom range, or an aging period.
// Values are kept in the API's form (YYYY-MM-DD, YYYY-MM, `start,end`), so the panel, the address and the call agree.

type Set = (name: string, value: string) => void;
export type FilterErrors = Record<string, string | undefined>;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const DAY = 86_400_000;

/** The shop's today, YYYY-MM-DD. */
export const shopToday = () => formatDay(new Date());

/** YYYY-MM-DD → the ISO week that holds it (weeks start on Monday), as `<input type="week">` writes it. */
export function isoWeekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const thursday = new Date(date.getTime() + (3 - ((date.getUTCDay() + 6) % 7)) * DAY);
  const year = thursday.getUTCFullYear();
  const week = 1 + Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** `2026-W48` → the Monday of that week, YYYY-MM-DD; '' for anything else. */
export function mondayOfIsoWeek(week: string): string {
  const match = week.match(/^(\d{4})-W(\d{2})$/);
  if (!match) return '';
  const jan4 = Date.UTC(Number(match[1]), 0, 4);
  const firstMonday = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY;
  return new Date(firstMonday + (Number(match[2]) - 1) * 7 * DAY).toISOString().slice(0, 10);
}

/** The panel's fields for the declared filter names. */
export function ReportFilterFields({
  names,
  values,
  set,
  errors,
}: {
  names: readonly string[];
  values: FilterValues;
  set: Set;
  errors: FilterErrors;
}) {
  return (
    <>
      {names.includes('Date') && (
        <TextInput
          label="Date"
          type="date"
          value={values.Date ?? ''}
          error={errors.Date}
          onChange={(e) => set('Date', e.currentTarget.value)}
        />
      )}
      {names.includes('week_start') && (
        <TextInput
          label="Week"
          type="week"
          value={values.week_start ? isoWeekOf(values.week_start) : ''}
          error={errors.week_start}
          onChange={(e) => set('week_start', mondayOfIsoWeek(e.currentTarget.value))}
        />
      )}
      {names.includes('month') && (
        <TextInput
          label="Month"
          type="month"
          max={shopToday().slice(0, 7)}
          value={values.month ?? ''}
          error={errors.month}
          onChange={(e) => set('month', e.currentTarget.value)}
        />
      )}
      {names.includes('report_type') && <ReportTypeFields values={values} set={set} errors={errors} />}
      {names.includes('aging_period') && <AgingFields values={values} set={set} errors={errors} />}
    </>
  );
}

function ReportTypeFields({ values, set, errors }: { values: FilterValues; set: Set; errors: FilterErrors }) {
  const type = (values.report_type || 'daily') as ReportType;
  const [start, end] = values.date_range ? splitDateRange(values.date_range) : ['', ''];
  const setRange = (from: string, to: string) => set('date_range', from || to ? `${from},${to}` : '');
  return (
    <>
      <Select
        label="Report Type"
        data={REPORT_TYPES.map((t) => ({ value: t, label: capitalise(t) }))}
        value={type}
        allowDeselect={false}
        onChange={(value) => {
          set('report_type', value ?? 'daily');
          // Only a custom report has a range of its own.
          if (value !== 'custom') set('date_range', '');
        }}
      />
      {type === 'custom' && (
        <>
          <TextInput
            label="Start Date"
            type="date"
            value={start}
            max={end || undefined}
            error={errors.date_range}
            onChange={(e) => setRange(e.currentTarget.value, end)}
          />
          <TextInput
            label="End Date"
            type="date"
            value={end}
            min={start || undefined}
            onChange={(e) => setRange(start, e.currentTarget.value)}
          />
        </>
      )}
    </>
  );
}

function AgingFields({ values, set, errors }: { values: FilterValues; set: Set; errors: FilterErrors }) {
  const period = values.aging_period || DEFAULT_AGING_PERIOD;
  return (
    <>
      <Select
        label="Aging Period"
        data={AGING_PERIODS.map((p) => ({ value: p, label: p === 'custom' ? 'Custom' : `${p} days` }))}
        value={period}
        allowDeselect={false}
        onChange={(value) => {
          set('aging_period', value ?? DEFAULT_AGING_PERIOD);
          if (value !== 'custom') set('custom_days', '');
        }}
      />
      {period === 'custom' && (
        <TextInput
          label="Custom Days"
          type="number"
          min={1}
          step={1}
          value={values.custom_days ?? ''}
          error={errors.custom_days}
          onChange={(e) => set('custom_days', e.currentTarget.value)}
        />
      )}
    </>
  );
}

/**
 * The panel's values checked by the report's own filter schema (the server's messages), and a month not in the
 * future; field → message, empty when they may be sent.
 */
export function checkFilters(report: ListDeclaration, values: FilterValues): FilterErrors {
  const errors: FilterErrors = {};
  const names = filterNames(report);
  const parsed = report.filter?.safeParse(values);
  if (parsed && !parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (names.includes(field)) errors[field] ??= issue.message;
    }
  }
  if (values.month && values.month > shopToday().slice(0, 7)) errors.month ??= 'The month cannot be in the future.';
  return errors;
}
