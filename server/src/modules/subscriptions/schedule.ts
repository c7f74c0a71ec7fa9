/**
 * When a subscription's next mail is due. Schedules are wall-clock times in the tenant's IANA zone
 * ("08:00 Europe/London" stays 08:00 across summer time), turned into instants with Intl alone:
 * - a time skipped by a spring-forward gap runs as late as the gap (02:30 on a night that jumps
 *   from 02:00 to 03:00 runs at 03:30);
 * - a time repeated by a fall-back overlap runs once, at the first of the two;
 * - monthly on day 29–31 runs on the month's last day in shorter months.
 */
export interface Schedule {
  frequency: 'daily' | 'weekly' | 'monthly';
  /** 0 = Sunday … 6 = Saturday. */
  weekday: number | null;
  monthDay: number | null;
  /** 'HH:MM'. */
  timeOfDay: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/** The wall-clock time of an instant in a zone. */
export function wallTime(instant: number, timeZone: string): WallTime & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const field = (name: string) => parts[name] ?? 0;
  return {
    year: field('year'),
    month: field('month'),
    day: field('day'),
    hour: field('hour'),
    minute: field('minute'),
    second: field('second'),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const w = wallTime(instant, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time happens in a zone (see the gap and overlap rules above). */
export function zonedInstant(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const day = 24 * 3_600_000;
  // The offsets a day before and a day after: zones change offset at most once in between.
  const before = asUtc - offsetAt(asUtc - day, timeZone);
  const after = asUtc - offsetAt(asUtc + day, timeZone);
  const matches = (instant: number) => {
    const w = wallTime(instant, timeZone);
    return w.day === wall.day && w.hour === wall.hour && w.minute === wall.minute;
  };
  const valid = [before, after].filter(matches);
  // Both: an overlap, the first one runs. None: a gap, the earlier offset moves it forward.
  return valid.length > 0 ? Math.min(...valid) : before;
}

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The first occurrence strictly after `after` (an instant), in `timeZone`. */
export function nextOccurrence(schedule: Schedule, timeZone: string, after: Date): Date {
  const [hour, minute] = schedule.timeOfDay.split(':').map(Number) as [number, number];
  const start = wallTime(after.getTime(), timeZone);
  // From the day before (a gap can move a time across midnight) up to a little over a year.
  for (let i = -1; i < 400; i += 1) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    if (schedule.frequency === 'weekly' && date.getUTCDay() !== (schedule.weekday ?? 1)) continue;
    if (
      schedule.frequency === 'monthly' &&
      day !== Math.min(schedule.monthDay ?? 1, daysInMonth(year, month))
    ) {
      continue;
    }
    const instant = zonedInstant({ year, month, day, hour, minute }, timeZone);
    if (instant > after.getTime()) return new Date(instant);
  }
  throw new Error('no occurrence within a year');
}
