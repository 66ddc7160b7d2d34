// The shop's calendar: day bounds in its time zone (with and without daylight saving), week snapping, quarters,
// months and the custom range.
import { describe, expect, it } from 'vitest';
import { mondayOf, periodBetween, periodHolding, resolvePeriod, shopDay, startOfShopDay } from './period.ts';

const KAMPALA = 'Africa/Kampala';

describe('shop days', () => {
  it("start at the shop's midnight, as UTC instants", () => {
    expect(startOfShopDay('2025-03-04', KAMPALA).toISOString()).toBe('2025-03-03T21:00:00.000Z');
    expect(startOfShopDay('2025-03-04', 'UTC').toISOString()).toBe('2025-03-04T00:00:00.000Z');
    // London moves to summer time at 01:00 UTC on 30 March 2025: that day is 23 hours long.
    const day = periodBetween('2025-03-30', '2025-03-30', 'Europe/London');
    expect([day.from.toISOString(), day.until.toISOString()]).toEqual([
      '2025-03-30T00:00:00.000Z',
      '2025-03-30T23:00:00.000Z',
    ]);
    expect(startOfShopDay('2025-11-02', 'America/New_York').toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(startOfShopDay('2025-11-03', 'America/New_York').toISOString()).toBe('2025-11-03T05:00:00.000Z');
  });

  it('put 23:30 in Kampala on that day and 00:30 on the next', () => {
    expect(shopDay(KAMPALA, new Date('2025-03-04T20:30:00Z'))).toBe('2025-03-04');
    expect(shopDay(KAMPALA, new Date('2025-03-04T21:30:00Z'))).toBe('2025-03-05');
    const tuesday = periodBetween('2025-03-04', '2025-03-04', KAMPALA);
    const lateSale = new Date('2025-03-04T20:30:00Z');
    expect(tuesday.from <= lateSale && lateSale < tuesday.until).toBe(true);
  });
});

describe('periods', () => {
  it('snap a week to its Monday, whatever the day', () => {
    expect(mondayOf('2025-03-03')).toBe('2025-03-03');
    expect(mondayOf('2025-03-05')).toBe('2025-03-03');
    expect(mondayOf('2025-03-09')).toBe('2025-03-03');
    expect(mondayOf('2025-01-01')).toBe('2024-12-30');
    const week = periodHolding('weekly', '2025-03-09', KAMPALA);
    expect([week.start, week.end]).toEqual(['2025-03-03', '2025-03-09']);
    expect(week.until.toISOString()).toBe('2025-03-09T21:00:00.000Z');
  });

  it('hold months (leap February), quarters and years, both ends inclusive', () => {
    const span = (type: Parameters<typeof periodHolding>[0], day: string) => {
      const p = periodHolding(type, day, KAMPALA);
      return [p.start, p.end];
    };
    expect(span('daily', '2025-03-04')).toEqual(['2025-03-04', '2025-03-04']);
    expect(span('monthly', '2024-02-10')).toEqual(['2024-02-01', '2024-02-29']);
    expect(span('monthly', '2025-12-31')).toEqual(['2025-12-01', '2025-12-31']);
    expect(span('quarterly', '2025-11-23')).toEqual(['2025-10-01', '2025-12-31']);
    expect(span('quarterly', '2025-04-01')).toEqual(['2025-04-01', '2025-06-30']);
    expect(span('quarterly', '2025-03-31')).toEqual(['2025-01-01', '2025-03-31']);
    expect(span('yearly', '2025-07-15')).toEqual(['2025-01-01', '2025-12-31']);
  });

  it("resolve a report type around the shop's today, or the custom range as given", () => {
    const justAfterMidnight = new Date('2025-03-04T21:30:00Z'); // 00:30 on Wednesday 5 March in Kampala
    const daily = resolvePeriod('daily', undefined, KAMPALA, justAfterMidnight);
    expect([daily.start, daily.end]).toEqual(['2025-03-05', '2025-03-05']);
    const custom = resolvePeriod('custom', '2025-03-01, 2025-03-31', KAMPALA);
    expect([custom.start, custom.end, custom.from.toISOString(), custom.until.toISOString()]).toEqual([
      '2025-03-01',
      '2025-03-31',
      '2025-02-28T21:00:00.000Z',
      '2025-03-31T21:00:00.000Z',
    ]);
  });
});
