import {
  AGING_PERIODS,
  DEFAULT_AGING_PERIOD,
  filterNames,
  type ListDeclaration,
  REPORT_TYPES,
  type ReportType,
  splitDateRange,
} from '@duka/shared';
import { Select, TextInput } from '@mantine/core';
import { INVALID_DATE } from '../dates/DateField.tsx';
import { DayInput } from '../dates/DayInput.tsx';
import { shopToday } from '../dates/day-text.ts';
import { MonthInput } from '../dates/MonthInput.tsx';
import { RangeInput } from '../dates/RangeInput.tsx';
import { WeekInput } from '../dates/WeekInput.tsx';
import type { FilterValues } from './ListPage.tsx';

// The period fields of a report's filter panel, chosen by the filter names its declaration's
// filter schema holds: a day (`Date`), a week (`week_start`), a month, a report type with a custom range, or an aging period.
// Values are kept in the API's form (YYYY-MM-DD, YYYY-MM, `start,end`), so the panel, the address and the call agree;
// a field whose text is no allowed date holds "Invalid Date", which the report's schema refuses, so Submit waits.

type Set = (name: string, value: string) => void;
export type FilterErrors = Record<string, string | undefined>;

const FUTURE_MONTH = 'The month cannot be in the future.';

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** The shop's today, YYYY-MM-DD (kept with the date fields; screens long read it from here). */
export { shopToday };

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
        <DayInput
          label="Date"
          value={values.Date ?? ''}
          error={errors.Date}
          invalidValue={INVALID_DATE}
          onChange={(day) => set('Date', day)}
        />
      )}
      {names.includes('week_start') && (
        <WeekInput
          label="Week"
          value={values.week_start ?? ''}
          error={errors.week_start}
          invalidValue={INVALID_DATE}
          onChange={(monday) => set('week_start', monday)}
        />
      )}
      {names.includes('month') && (
        <MonthInput
          label="Month"
          maxDate={shopToday().slice(0, 7)}
          tooLate={FUTURE_MONTH}
          value={values.month ?? ''}
          error={errors.month}
          invalidValue={INVALID_DATE}
          onChange={(month) => set('month', month)}
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
        <RangeInput start={start} end={end} onChange={setRange} error={errors.date_range} invalidValue={INVALID_DATE} />
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
  if (values.month && values.month > shopToday().slice(0, 7)) errors.month ??= FUTURE_MONTH;
  return errors;
}
