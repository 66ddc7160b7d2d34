import { formatDay } from '@duka/shared';
import { describe, expect, it } from 'vitest';

// formatDay keeps the last quarter hour's day per zone (an export's rows in time order mostly skip the formatter):
// it must still give the zone's own calendar day on both sides of every midnight, in zones whose offsets are not
// whole hours and across daylight-saving changes.
const ZONES = [
  'Africa/Kampala',
  'Asia/Kathmandu', // +05:45
  'Australia/Eucla', // +08:45
  'Pacific/Chatham', // +12:45, +13:45 in summer
  'Australia/Lord_Howe', // half an hour of daylight saving
  'America/St_Johns', // -03:30, -02:30 in summer
  'Asia/Tehran',
  'Europe/London',
];
const MINUTE = 60_000;

describe('formatDay', () => {
  it("gives each zone's own day every 7 minutes of a year, in time order, so across every midnight", () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const timeZone of ZONES) {
      const reference = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 7 * MINUTE) {
        const day = formatDay(new Date(t), timeZone);
        if (day !== reference.format(t)) wrong.push(`${timeZone} ${new Date(t).toISOString()}: ${day}`);
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBe(ZONES.length * Math.ceil((365 * 24 * 60) / 7));
  });

  it('gives the right day when instants come out of order, and for text and old dates', () => {
    const zone = 'Asia/Kathmandu';
    // 18:14 UTC is 23:59 in Kathmandu, 18:15 is midnight: one quarter hour apart, on two days.
    expect(formatDay(new Date('2026-03-01T18:15:00Z'), zone)).toBe('2026-03-02');
    expect(formatDay(new Date('2026-03-01T18:14:59Z'), zone)).toBe('2026-03-01');
    expect(formatDay(new Date('2026-03-01T18:15:00Z'), zone)).toBe('2026-03-02');
    expect(formatDay('2026-03-01T18:14:00Z', zone)).toBe('2026-03-01');
    expect(formatDay(new Date('1950-06-01T12:00:00Z'), 'Africa/Kampala')).toBe('1950-06-01');
    expect(formatDay(null)).toBe('N/A');
    expect(formatDay('not a date')).toBe('N/A');
  });
});
