import { describe, expect, it } from 'vitest';
import { relativeDateRange, relativeTimeRange, TimeUnit } from '../src/query/relative-range.ts';

const today = '2025-06-30'; // a Monday
const last = (count: number, unit: TimeUnit, includeToday = true) =>
  relativeDateRange(today, 0, count, unit, includeToday);

describe('relative date windows', () => {
  it('rolls days, weeks, months and years back from today', () => {
    expect(last(3, TimeUnit.Days)).toEqual({ from: '2025-06-28', to: '2025-06-30' });
    expect(last(3, TimeUnit.Days, false)).toEqual({ from: '2025-06-27', to: '2025-06-29' });
    expect(last(2, TimeUnit.Weeks)).toEqual({ from: '2025-06-17', to: '2025-06-30' });
    expect(last(1, TimeUnit.Months)).toEqual({ from: '2025-05-31', to: '2025-06-30' });
    expect(last(1, TimeUnit.Years)).toEqual({ from: '2024-07-01', to: '2025-06-30' });
  });

  it('takes complete calendar units before the current one', () => {
    expect(last(1, TimeUnit.CalendarWeeks)).toEqual({ from: '2025-06-22', to: '2025-06-28' });
    expect(last(2, TimeUnit.CalendarMonths)).toEqual({ from: '2025-04-01', to: '2025-05-31' });
    expect(last(1, TimeUnit.CalendarYears)).toEqual({ from: '2024-01-01', to: '2024-12-31' });
  });

  it('handles "this" and "next"', () => {
    expect(relativeDateRange(today, 1, 1, TimeUnit.Days, true)).toEqual({ from: today, to: today });
    expect(relativeDateRange(today, 1, 1, TimeUnit.CalendarMonths, true)).toEqual({
      from: '2025-06-01',
      to: '2025-06-30',
    });
    expect(relativeDateRange(today, 1, 1, TimeUnit.Weeks, true)).toEqual({
      from: '2025-06-29',
      to: '2025-07-05',
    });
    expect(relativeDateRange(today, 2, 2, TimeUnit.Days, false)).toEqual({
      from: '2025-07-01',
      to: '2025-07-02',
    });
    expect(relativeDateRange(today, 2, 1, TimeUnit.CalendarMonths, true)).toEqual({
      from: '2025-07-01',
      to: '2025-07-31',
    });
  });

  it('clamps month ends and rejects bad input', () => {
    // 31 May + 1 month is 30 June (clamped), not 1 July.
    expect(relativeDateRange('2025-05-31', 2, 1, TimeUnit.Months, true)).toEqual({
      from: '2025-05-31',
      to: '2025-06-29',
    });
    expect(relativeDateRange('2025-03-31', 0, 1, TimeUnit.Months, false)).toEqual({
      from: '2025-03-01',
      to: '2025-03-30',
    });
    expect(() => last(0, TimeUnit.Days)).toThrow(/timeUnitsCount/);
    expect(() => last(1, TimeUnit.Hours)).toThrow(/timeUnitType/);
    expect(() => relativeDateRange(today, 9, 1, TimeUnit.Days, true)).toThrow(/operator/);
  });
});

describe('relative time windows', () => {
  it('counts minutes and hours from the fixed now', () => {
    expect(relativeTimeRange('2025-06-30 18:00', 0, 90, TimeUnit.Minutes)).toEqual({
      from: '2025-06-30 16:30:00',
      to: '2025-06-30 18:00:00',
      toInclusive: true,
    });
    expect(relativeTimeRange('2025-06-30 18:20', 1, 1, TimeUnit.Hours)).toEqual({
      from: '2025-06-30 18:00:00',
      to: '2025-06-30 19:00:00',
      toInclusive: false,
    });
    expect(() => relativeTimeRange('2025-06-30 18:00', 0, 1, TimeUnit.Days)).toThrow(/Minutes/);
  });
});
