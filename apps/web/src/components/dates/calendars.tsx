import '@mantine/dates/styles.layer.css';
import { DatePicker, type DayProps, MonthPicker } from '@mantine/dates';
import { useEffect, useRef, useState } from 'react';
import { addDays, isoWeekNumber, mondayOf } from './day-text.ts';

// The calendars the date fields open, from @mantine/dates: fetched in their own chunk the first time a field opens
// one (DateField.tsx), so no screen, and neither the sign-in page nor the till, loads them before. Weeks start on
// Monday and show their ISO week number, as the shop's weekly figures count them.

export type CalendarKind = 'day' | 'week' | 'month';

export interface CalendarProps {
  kind: CalendarKind;
  /** The field's value: a day (YYYY-MM-DD; a week's Monday) or a month (YYYY-MM); '' for none. */
  value: string;
  onPick: (value: string) => void;
  /** The first and last days (or months) that may be picked, in the value's form. */
  minDate?: string;
  maxDate?: string;
  /** The other end of a range: the days between it and the value are shown as one period. */
  rangeWith?: { start: string; end: string };
  /** What the calendar picks, for the names read out on its days ("Start Date"). */
  label: string;
}

const MONDAY = 1;
const inPeriod = (day: string, start: string, end: string) => Boolean(start && end && start <= day && day <= end);

/** How a day looks in a period drawn from `start` to `end` (both included). */
const periodProps = (day: string, start: string, end: string): Partial<DayProps> =>
  inPeriod(day, start, end) ? { inRange: true, firstInRange: day === start, lastInRange: day === end } : {};

export function Calendar({ kind, value, onPick, minDate, maxDate, rangeWith, label }: CalendarProps) {
  const root = useRef<HTMLDivElement>(null);
  // The week a pick would take (under the pointer, or holding the focused day).
  const [hoveredWeek, setHoveredWeek] = useState('');
  // The day (or month) in the calendar's tab order: the value, else today.
  const focusDayInTabOrder = () => root.current?.querySelector<HTMLElement>('table button[tabindex="0"]')?.focus();
  // The calendar opens on that day: arrows move from there. Waits for the popover's own focus, which takes its first
  // button.
  useEffect(() => {
    const timer = setTimeout(focusDayInTabOrder);
    return () => clearTimeout(timer);
  }, []);
  // Paging to the first or last month allowed disables the control just pressed, and the browser moves the focus out of
  // it to the page, where Escape no longer reaches the calendar: it goes back to that day instead.
  const keepFocus = () =>
    setTimeout(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body || (focused as HTMLButtonElement).disabled) focusDayInTabOrder();
    });
  const common = {
    ref: root,
    onNextMonth: keepFocus,
    onPreviousMonth: keepFocus,
    onNextYear: keepFocus,
    onPreviousYear: keepFocus,
    onNextDecade: keepFocus,
    onPreviousDecade: keepFocus,
    firstDayOfWeek: MONDAY as 0 | 1,
    minDate,
    maxDate,
    size: 'sm' as const,
    // Escape inside the calendar closes the calendar, not the dialog around its field (a payment's).
    __stopPropagation: true,
    ariaLabels: {
      previousMonth: 'Previous month',
      nextMonth: 'Next month',
      previousYear: 'Previous year',
      nextYear: 'Next year',
      previousDecade: 'Previous decade',
      nextDecade: 'Next decade',
    },
  };
  if (kind === 'month') {
    return (
      <MonthPicker
        {...common}
        aria-label={label}
        minDate={minDate && `${minDate}-01`}
        maxDate={maxDate && `${maxDate}-01`}
        value={value ? `${value}-01` : null}
        defaultDate={value ? `${value}-01` : undefined}
        onChange={(month) => month && onPick(month.slice(0, 7))}
        // Whole names: what a screen reader says ("November 2026") then begins with what is shown.
        monthsListFormat="MMMM"
        getMonthControlProps={(month) => ({
          'aria-label': monthNames.format(new Date(`${month.slice(0, 10)}T00:00:00Z`)),
        })}
      />
    );
  }
  const weekOf = (day: string) => (kind === 'week' ? mondayOf(day) : '');
  const shownWeek = hoveredWeek || (kind === 'week' ? value : '');
  return (
    <DatePicker
      {...common}
      aria-label={label}
      withWeekNumbers
      // Days of the months beside are left out and no day is coloured as a weekend: Mantine draws both in shades
      // that do not reach AA contrast, and a hardware shop trades on Saturdays.
      hideOutsideDates
      weekendDays={[]}
      value={value || null}
      defaultDate={value || rangeWith?.start || rangeWith?.end || undefined}
      onChange={(day) => day && onPick(kind === 'week' ? mondayOf(day) : day)}
      onMouseLeave={() => setHoveredWeek('')}
      getDayAriaLabel={(day) => dayName(day, kind)}
      getDayProps={(day) => {
        if (kind === 'week') {
          const monday = weekOf(day);
          return {
            ...periodProps(day, shownWeek, shownWeek && addDays(shownWeek, 6)),
            selected: Boolean(value) && monday === value,
            // The week under the pointer, or holding the day the arrows reached, is drawn as the one a pick takes.
            onMouseEnter: () => setHoveredWeek(monday),
            onFocus: () => setHoveredWeek(monday),
          };
        }
        if (!rangeWith) return {};
        const start = rangeWith.start || value;
        const end = rangeWith.end || value;
        return periodProps(day, start, end);
      }}
    />
  );
}

const monthNames = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const dayNames = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "23 November 2026", and for a week "Week 48, 23 November 2026": what a screen reader says on a day. */
function dayName(day: string, kind: CalendarKind) {
  const name = dayNames.format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
  return kind === 'week' ? `Week ${isoWeekNumber(day.slice(0, 10))}, ${name}` : name;
}
