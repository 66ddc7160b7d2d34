import { formatDay } from '@duka/shared';

// What the date fields read from text and work out about days, weeks and months, all as the API writes them
// (YYYY-MM-DD, YYYY-MM) and all in plain calendar arithmetic: no library, so the fields themselves cost the screens
// nothing until a calendar is opened.

const DAY_MS = 86_400_000;

/** The shop's today, YYYY-MM-DD. */
export const shopToday = () => formatDay(new Date());

/** A real calendar day (2026-02-30 is not), from 1900 on as the server's schemas take them. */
const isRealDay = (year: number, month: number, day: number) => {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
};

const dayText = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Typed text → YYYY-MM-DD when it is a real day written YYYY-MM-DD; null otherwise. */
export function readTypedDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return isRealDay(year, month, day) ? dayText(year, month, day) : null;
}

/**
 * Pasted text → YYYY-MM-DD, in every form the shop's date rule takes: YYYY-MM-DD, YYYY.MM.DD, DD/MM/YYYY and a strict
 * ISO 8601 date and time (an instant with its offset is the shop's day at that instant; one without, the day written).
 */
export function readPastedDay(text: string): string | null {
  const trimmed = text.trim();
  const dotted = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(trimmed);
  if (dotted) return readTypedDay(`${dotted[1]}-${dotted[2]}-${dotted[3]}`);
  const slashed = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(trimmed);
  if (slashed) return readTypedDay(`${slashed[3]}-${slashed[2]}-${slashed[1]}`);
  const iso = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(trimmed);
  if (!iso) return null;
  const day = readTypedDay(iso[1] ?? '');
  const [hours, minutes, seconds] = [Number(iso[2] ?? 0), Number(iso[3] ?? 0), Number(iso[4] ?? 0)];
  if (!day || hours > 23 || minutes > 59 || seconds > 59) return null;
  if (!iso[5]) return day;
  const instant = Date.parse(trimmed);
  return Number.isNaN(instant) ? null : formatDay(new Date(instant));
}

/** Typed text → YYYY-MM when it is a month written YYYY-MM; null otherwise. */
export function readTypedMonth(text: string): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  return readTypedDay(`${match[1]}-${match[2]}-01`) ? `${match[1]}-${match[2]}` : null;
}

/** Pasted text → YYYY-MM: a month as typed, or the month of any day `readPastedDay` reads. */
export const readPastedMonth = (text: string): string | null =>
  readTypedMonth(text) ?? readPastedDay(text)?.slice(0, 7) ?? null;

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week that holds `day` (weeks start on Monday, as the server's weekly periods do). */
export const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

/** The ISO week number of the week that holds `day` (week 1 holds the year's first Thursday). */
export function isoWeekNumber(day: string): number {
  const thursday = addDays(mondayOf(day), 3);
  const yearStart = Date.UTC(Number(thursday.slice(0, 4)), 0, 1);
  return 1 + Math.floor((Date.parse(`${thursday}T00:00:00Z`) - yearStart) / DAY_MS / 7);
}
