import { DayInput } from './DayInput.tsx';
import { readTypedDay } from './day-text.ts';

export const END_BEFORE_START = 'The end date cannot be before the start date.';
const START_AFTER_END = 'The start date cannot be after the end date.';

/**
 * A period's first and last days (YYYY-MM-DD, both included), each typed, pasted or picked; each calendar draws the
 * period. An end before the start is refused (its calendar offers no day before the start), as is a start after the
 * end. `error`, the screen's message about the period, shows under the start; `invalidValue` is DateField's.
 */
export function RangeInput({
  start,
  end,
  onChange,
  labels = ['Start Date', 'End Date'],
  minDate,
  maxDate,
  error,
  invalidValue,
  w,
}: {
  start: string;
  end: string;
  onChange: (start: string, end: string) => void;
  labels?: [string, string];
  minDate?: string;
  maxDate?: string;
  error?: string;
  invalidValue?: string;
  w?: number;
}) {
  // Only real days bound the other field (a field may hold `invalidValue`).
  const first = readTypedDay(start) ?? '';
  const last = readTypedDay(end) ?? '';
  const period = { start: first, end: last };
  return (
    <>
      <DayInput
        label={labels[0]}
        value={start}
        onChange={(day) => onChange(day, end)}
        minDate={minDate}
        maxDate={last || maxDate}
        tooLate={last ? START_AFTER_END : undefined}
        rangeWith={period}
        error={error}
        invalidValue={invalidValue}
        w={w}
      />
      <DayInput
        label={labels[1]}
        value={end}
        onChange={(day) => onChange(start, day)}
        minDate={first || minDate}
        maxDate={maxDate}
        tooEarly={first ? END_BEFORE_START : undefined}
        rangeWith={period}
        invalidValue={invalidValue}
        w={w}
      />
    </>
  );
}
