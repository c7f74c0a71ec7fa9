import { describe, expect, it } from 'vitest';
import { nextOccurrence, type Schedule } from '../../../src/modules/subscriptions/schedule.ts';
import { isTimeZone } from '../../../src/shared/time-zone.ts';

const daily = (timeOfDay: string): Schedule => ({
  frequency: 'daily',
  weekday: null,
  monthDay: null,
  timeOfDay,
});
const next = (schedule: Schedule, zone: string, after: string) =>
  nextOccurrence(schedule, zone, new Date(after)).toISOString();

describe('next occurrence in the tenant time zone', () => {
  it('keeps the wall-clock time across the start of summer time', () => {
    expect(next(daily('08:00'), 'Europe/London', '2026-03-28T09:00:00Z')).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(next(daily('08:00'), 'Europe/London', '2026-03-27T09:00:00Z')).toBe(
      '2026-03-28T08:00:00.000Z',
    );
  });

  it('runs a time skipped by a spring-forward gap as late as the gap', () => {
    // Berlin jumps from 02:00 CET to 03:00 CEST on 29 March 2026: 02:30 becomes 03:30 CEST.
    expect(next(daily('02:30'), 'Europe/Berlin', '2026-03-28T12:00:00Z')).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(next(daily('02:30'), 'America/New_York', '2026-03-07T12:00:00Z')).toBe(
      '2026-03-08T07:30:00.000Z',
    );
  });

  it('runs a time repeated by a fall-back overlap once, at the first of the two', () => {
    // Berlin goes from 03:00 CEST back to 02:00 CET on 25 October 2026: 02:30 happens twice.
    const first = next(daily('02:30'), 'Europe/Berlin', '2026-10-24T12:00:00Z');
    expect(first).toBe('2026-10-25T00:30:00.000Z');
    expect(next(daily('02:30'), 'Europe/Berlin', first)).toBe('2026-10-26T01:30:00.000Z');
  });

  it('handles zones with half-hour offsets', () => {
    expect(next(daily('09:00'), 'Asia/Kolkata', '2026-06-01T00:00:00Z')).toBe(
      '2026-06-01T03:30:00.000Z',
    );
  });

  it('is strictly after the given instant', () => {
    expect(next(daily('08:00'), 'UTC', '2026-06-01T08:00:00Z')).toBe('2026-06-02T08:00:00.000Z');
  });

  it('runs weekly on the weekday, in the zone (not in UTC)', () => {
    const monday: Schedule = {
      frequency: 'weekly',
      weekday: 1,
      monthDay: null,
      timeOfDay: '08:00',
    };
    // Monday 1 June 2026 08:00 UTC has passed: the next Monday.
    expect(next(monday, 'UTC', '2026-06-01T08:00:00Z')).toBe('2026-06-08T08:00:00.000Z');
    // Sunday 23:30 UTC is already Monday 09:30 in Tokyo: Monday 08:00 there is a week away.
    expect(next(monday, 'Asia/Tokyo', '2026-05-31T23:30:00Z')).toBe('2026-06-07T23:00:00.000Z');
    const sunday: Schedule = { ...monday, weekday: 0 };
    expect(next(sunday, 'America/Los_Angeles', '2026-06-01T00:00:00Z')).toBe(
      '2026-06-07T15:00:00.000Z',
    );
  });

  it('runs monthly on day 31 on the last day of shorter months', () => {
    const last: Schedule = {
      frequency: 'monthly',
      weekday: null,
      monthDay: 31,
      timeOfDay: '06:00',
    };
    expect(next(last, 'UTC', '2026-02-01T00:00:00Z')).toBe('2026-02-28T06:00:00.000Z');
    expect(next(last, 'UTC', '2028-02-01T00:00:00Z')).toBe('2028-02-29T06:00:00.000Z');
    expect(next(last, 'UTC', '2026-04-01T00:00:00Z')).toBe('2026-04-30T06:00:00.000Z');
    expect(next(last, 'UTC', '2026-04-30T06:00:00Z')).toBe('2026-05-31T06:00:00.000Z');
    const fifteenth: Schedule = { ...last, monthDay: 15 };
    expect(next(fifteenth, 'Europe/London', '2026-06-15T05:00:01Z')).toBe(
      '2026-07-15T05:00:00.000Z',
    );
  });

  it('knows IANA zone names', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
