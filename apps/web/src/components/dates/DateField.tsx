import { ActionIcon, Center, Loader, Popover, TextInput, type TextInputProps } from '@mantine/core';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { CalendarKind } from './calendars.tsx';
import { mondayOf, readPastedDay, readPastedMonth, readTypedDay, readTypedMonth } from './day-text.ts';

// The one date field under the day, week and month inputs: a text field that takes the date typed (YYYY-MM-DD, or
// YYYY-MM for a month) or pasted (any form the shop's date rule reads), with a button that opens a calendar. The
// field hands its screen a valid value, '' when empty, and `invalidValue` otherwise: a date that cannot be read says
// "Invalid Date" and one outside the allowed days says why, and neither is sent. The calendar's code is fetched the
// first time a field is focused or its calendar opened, never with the screen.

export const INVALID_DATE = 'Invalid Date';

let calendars: Promise<typeof import('./calendars.tsx')> | undefined;
const loadCalendars = () => {
  calendars ??= import('./calendars.tsx');
  return calendars;
};
const Calendar = lazy(() => loadCalendars().then((module) => ({ default: module.Calendar })));

export interface DateFieldProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'rightSection'> {
  label: string;
  /** YYYY-MM-DD (a week: its Monday), or YYYY-MM for a month; '' for none. */
  value: string;
  /** Called with a valid value, '' when the text is empty, and `invalidValue` while it holds no allowed date. */
  onChange: (value: string) => void;
  /**
   * What the field hands up while its text is not an allowed date: '' unless told (a filter then holds no date);
   * forms and report filters pass INVALID_DATE, which their schemas refuse, so the save or the filter waits.
   */
  invalidValue?: string;
  onBlur?: () => void;
  /** The first and last values that may be picked or typed, in the value's form. */
  minDate?: string;
  maxDate?: string;
  /** What a typed value before `minDate`, or after `maxDate`, is told. */
  tooEarly?: string;
  tooLate?: string;
  /** The screen's or the form's message, shown while the field has none of its own. */
  error?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  /** The other end of a range, drawn in the calendar with this field's day. */
  rangeWith?: { start: string; end: string };
}

const readers: Record<
  CalendarKind,
  { typed: (text: string) => string | null; pasted: (text: string) => string | null }
> = {
  day: { typed: readTypedDay, pasted: readPastedDay },
  week: { typed: readTypedDay, pasted: readPastedDay },
  month: { typed: readTypedMonth, pasted: readPastedMonth },
};

export function DateField({
  kind,
  label,
  value,
  onChange,
  onBlur,
  minDate,
  maxDate,
  tooEarly,
  tooLate,
  error,
  inputRef,
  rangeWith,
  invalidValue = '',
  ...rest
}: DateFieldProps & { kind: CalendarKind }) {
  const [text, setText] = useState(value);
  const [ownError, setOwnError] = useState<string>();
  const [opened, setOpened] = useState(false);
  // The value last handed up (or given): a value the screen sets otherwise (a reset, Back) replaces the text.
  const handed = useRef(value);
  useEffect(() => {
    if (value === handed.current) return;
    handed.current = value;
    setText(value);
    setOwnError(undefined);
  }, [value]);

  /** The text → the value it stands for ('' when none) and what is wrong with it, if anything. */
  const judge = (typed: string, read: (text: string) => string | null) => {
    if (typed.trim() === '') return { value: '' };
    const found = read(typed);
    if (!found) return { value: invalidValue, error: INVALID_DATE };
    const day = kind === 'week' ? mondayOf(found) : found;
    if (minDate && found < minDate)
      return { value: invalidValue, error: tooEarly ?? `The date cannot be before ${minDate}.` };
    if (maxDate && day > maxDate)
      return { value: invalidValue, error: tooLate ?? `The date cannot be after ${maxDate}.` };
    return { value: day, valid: true };
  };
  const handUp = (next: string) => {
    if (next === handed.current) return;
    handed.current = next;
    onChange(next);
  };
  const pick = (picked: string) => {
    setText(picked);
    setOwnError(undefined);
    handUp(picked);
    setOpened(false);
  };
  const open = () => {
    void loadCalendars();
    setOpened(true);
  };
  /** Says what is wrong with the text as it stands (leaving the field, Enter); a week shows its Monday. */
  const settle = () => {
    const judged = judge(text, readers[kind].typed);
    setOwnError(judged.error);
    if (judged.valid && judged.value !== text) setText(judged.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && !opened) {
      event.preventDefault();
      open();
    } else if (event.key === 'Enter') {
      settle();
    }
  };
  // A pasted date replaces the field's text, in whichever form the shop's date rule reads.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').trim();
    const judged = judge(pasted, readers[kind].pasted);
    setText(judged.valid ? judged.value : pasted);
    setOwnError(judged.error);
    handUp(judged.value);
  };

  const typed = judge(text, readers[kind].typed);
  const shownInCalendar = typed.valid ? typed.value : value === invalidValue ? '' : value;
  const placeholder = kind === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const buttonLabel = `Choose ${label.toLowerCase()}`;
  return (
    <Popover
      opened={opened}
      // A controlled popover reports Escape and a click outside through onChange.
      onChange={setOpened}
      position="bottom-end"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <TextInput
        {...rest}
        ref={inputRef}
        label={label}
        placeholder={placeholder}
        autoComplete="off"
        value={text}
        error={ownError ?? error}
        onChange={(event) => {
          const entered = event.currentTarget.value;
          setText(entered);
          const judged = judge(entered, readers[kind].typed);
          // A day half typed is not yet wrong: "Invalid Date" waits for the person to leave the field.
          setOwnError(judged.error === INVALID_DATE ? undefined : judged.error);
          handUp(judged.value);
        }}
        onFocus={() => void loadCalendars()}
        onBlur={() => {
          settle();
          onBlur?.();
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        rightSectionPointerEvents="all"
        rightSection={
          <Popover.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={buttonLabel}
              onMouseEnter={() => void loadCalendars()}
              onClick={() => (opened ? setOpened(false) : open())}
              disabled={rest.disabled}
            >
              <CalendarIcon />
            </ActionIcon>
          </Popover.Target>
        }
      />
      <Popover.Dropdown p="xs">
        <Suspense
          fallback={
            <Center w={280} h={260}>
              <Loader size="sm" />
            </Center>
          }
        >
          <Calendar
            kind={kind}
            value={shownInCalendar}
            onPick={pick}
            minDate={minDate}
            maxDate={maxDate}
            rangeWith={rangeWith}
            label={label}
          />
        </Suspense>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A calendar page drawn inline: no icon font is needed on the shop's machines. */
function CalendarIcon() {
  return (
    <svg
      width={18}
      height={18}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" strokeLinecap="round" />
    </svg>
  );
}
