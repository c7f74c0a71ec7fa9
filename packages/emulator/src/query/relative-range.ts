import { badRequest } from '../errors.ts';

/**
 * Relative date/time windows, computed against the emulator's fixed "today"/"now" (config), so a
 * filter such as "in the last 3 calendar months" always selects the same rows.
 *
 * Semantics (those of the cloud's relative date slicer; weeks start on Sunday):
 * - InLast N Days/Weeks/Months/Years (rolling): the N units ending today (includeToday) or yesterday.
 * - InLast N CalendarWeeks/CalendarMonths/CalendarYears: the N complete units before the current one.
 * - InThis <unit>: the current day, calendar week, month or year (count ignored).
 * - InNext: mirror images of InLast.
 * - Relative time (Minutes/Hours): InLast N = [now − N, now]; InThis = the current minute/hour;
 *   InNext N = [now, now + N].
 */

/** The powerbi-models RelativeDateOperators numbers. */
export const RelativeOperator = { InLast: 0, InThis: 1, InNext: 2 } as const;

/** The powerbi-models RelativeDateFilterTimeUnit numbers. */
export const TimeUnit = {
  Days: 0,
  Weeks: 1,
  CalendarWeeks: 2,
  Months: 3,
  CalendarMonths: 4,
  Years: 5,
  CalendarYears: 6,
  Minutes: 7,
  Hours: 8,
} as const;
export type TimeUnit = (typeof TimeUnit)[keyof typeof TimeUnit];

const dayMs = 86_400_000;

/** A date-only value as epoch ms of its UTC midnight. */
const parseDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
/** Years 1–9999: what an ISO date string and the engine's TIMESTAMP both hold. */
const minMs = new Date('0001-01-01T00:00:00Z').getTime();
const maxMs = new Date('9999-12-31T23:59:59Z').getTime();

/** A window edge as an ISO string; a huge timeUnitsCount is a 400, not a RangeError. */
function isoOf(ms: number): string {
  if (!Number.isFinite(ms) || ms < minMs || ms > maxMs) {
    throw badRequest(
      'timeUnitsCount reaches beyond the supported dates (years 1 to 9999)',
      'timeUnitsCount',
    );
  }
  return new Date(ms).toISOString();
}

const formatDay = (ms: number) => isoOf(ms).slice(0, 10);
const addDays = (ms: number, days: number) => ms + days * dayMs;

function addMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  // Clamp the day: 31 March minus one month is 28/29 February, not 3 March.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay));
}

const startOfWeek = (ms: number) => addDays(ms, -new Date(ms).getUTCDay());
const startOfMonth = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const startOfYear = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);

export interface DayRange {
  /** inclusive first day, YYYY-MM-DD */
  from: string;
  /** inclusive last day, YYYY-MM-DD */
  to: string;
}

export function relativeDateRange(
  today: string,
  operator: number,
  count: number,
  unit: number,
  includeToday: boolean,
): DayRange {
  const t = parseDay(today);
  const range = (from: number, to: number): DayRange => ({
    from: formatDay(from),
    to: formatDay(to),
  });
  if (operator === RelativeOperator.InThis) {
    switch (unit) {
      case TimeUnit.Days:
        return range(t, t);
      case TimeUnit.Weeks:
      case TimeUnit.CalendarWeeks:
        return range(startOfWeek(t), addDays(startOfWeek(t), 6));
      case TimeUnit.Months:
      case TimeUnit.CalendarMonths:
        return range(startOfMonth(t), addDays(addMonths(startOfMonth(t), 1), -1));
      case TimeUnit.Years:
      case TimeUnit.CalendarYears:
        return range(startOfYear(t), addDays(addMonths(startOfYear(t), 12), -1));
    }
  }
  if (operator !== RelativeOperator.InLast && operator !== RelativeOperator.InNext) {
    throw badRequest('operator must be 0 (InLast), 1 (InThis) or 2 (InNext)', 'operator');
  }
  if (!Number.isInteger(count) || count < 1) {
    throw badRequest('timeUnitsCount must be a positive integer', 'timeUnitsCount');
  }
  const last = operator === RelativeOperator.InLast;
  // Rolling units: a span of `days(start)` counted back (or forward) from today.
  const rolling = (shift: (from: number, n: number) => number): DayRange => {
    if (last) {
      const end = includeToday ? t : addDays(t, -1);
      return range(addDays(shift(end, -count), 1), end);
    }
    const start = includeToday ? t : addDays(t, 1);
    return range(start, addDays(shift(start, count), -1));
  };
  switch (unit) {
    case TimeUnit.Days:
      return rolling((from, n) => addDays(from, n));
    case TimeUnit.Weeks:
      return rolling((from, n) => addDays(from, 7 * n));
    case TimeUnit.Months:
      return rolling((from, n) => addMonths(from, n));
    case TimeUnit.Years:
      return rolling((from, n) => addMonths(from, 12 * n));
    case TimeUnit.CalendarWeeks: {
      const week = startOfWeek(t);
      return last
        ? range(addDays(week, -7 * count), addDays(week, -1))
        : range(addDays(week, 7), addDays(week, 7 * (count + 1) - 1));
    }
    case TimeUnit.CalendarMonths: {
      const month = startOfMonth(t);
      return last
        ? range(addMonths(month, -count), addDays(month, -1))
        : range(addMonths(month, 1), addDays(addMonths(month, count + 1), -1));
    }
    case TimeUnit.CalendarYears: {
      const year = startOfYear(t);
      return last
        ? range(addMonths(year, -12 * count), addDays(year, -1))
        : range(addMonths(year, 12), addDays(addMonths(year, 12 * (count + 1)), -1));
    }
    default:
      throw badRequest(
        'timeUnitType of a relative date filter must be 0-6 (Days … CalendarYears)',
        'timeUnitType',
      );
  }
}

export interface TimeRange {
  /** inclusive, "YYYY-MM-DD HH:MM:SS" */
  from: string;
  /** exclusive for InThis, inclusive otherwise — see `toInclusive` */
  to: string;
  toInclusive: boolean;
}

const formatTime = (ms: number) => isoOf(ms).slice(0, 19).replace('T', ' ');

export function relativeTimeRange(
  now: string,
  operator: number,
  count: number,
  unit: number,
): TimeRange {
  const n = Date.parse(`${now.replace(' ', 'T')}Z`);
  const unitMs = unit === TimeUnit.Minutes ? 60_000 : unit === TimeUnit.Hours ? 3_600_000 : 0;
  if (unitMs === 0) {
    throw badRequest(
      'timeUnitType of a relative time filter must be 7 (Minutes) or 8 (Hours)',
      'timeUnitType',
    );
  }
  if (operator === RelativeOperator.InThis) {
    const start = Math.floor(n / unitMs) * unitMs;
    return { from: formatTime(start), to: formatTime(start + unitMs), toInclusive: false };
  }
  if (!Number.isInteger(count) || count < 1) {
    throw badRequest('timeUnitsCount must be a positive integer', 'timeUnitsCount');
  }
  if (operator === RelativeOperator.InLast) {
    return { from: formatTime(n - count * unitMs), to: formatTime(n), toInclusive: true };
  }
  if (operator === RelativeOperator.InNext) {
    return { from: formatTime(n), to: formatTime(n + count * unitMs), toInclusive: true };
  }
  throw badRequest('operator must be 0 (InLast), 1 (InThis) or 2 (InNext)', 'operator');
}
