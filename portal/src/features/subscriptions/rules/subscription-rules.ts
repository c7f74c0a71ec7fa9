import {
  describeSchedule,
  MonthDay,
  SubscriptionFormat,
  SubscriptionFrequency,
  TimeOfDay,
  Weekday,
  WEEKDAY_NAMES,
  type CreateSubscriptionRequest,
  type Subscription,
  type UpdateSubscriptionRequest,
} from '@canopy/portal-contract';
import { z } from 'zod';
import type { Tone } from '../../../shared/ui/bits.tsx';

export { WEEKDAY_NAMES };

/** What the Subscribe dialog edits, checked with the contract's schedule fields. */
export const ScheduleFormSchema = z.object({
  format: SubscriptionFormat,
  frequency: SubscriptionFrequency,
  weekday: Weekday,
  monthDay: MonthDay,
  timeOfDay: TimeOfDay,
  /** Empty: yourself. */
  recipientId: z.string(),
  /** Empty: the whole report. */
  pageName: z.string(),
});
export type ScheduleForm = z.infer<typeof ScheduleFormSchema>;

/** The Monday numbers: weekly on Monday at 08:00, as a PDF. */
export const DEFAULT_FORM: ScheduleForm = {
  format: 'PDF',
  frequency: 'weekly',
  weekday: 1,
  monthDay: 1,
  timeOfDay: '08:00',
  recipientId: '',
  pageName: '',
};

/** The request for a form: only the day field the frequency uses. */
export function createRequest(reportId: string, form: ScheduleForm): CreateSubscriptionRequest {
  return {
    reportId,
    format: form.format,
    frequency: form.frequency,
    ...(form.frequency === 'weekly' ? { weekday: form.weekday } : {}),
    ...(form.frequency === 'monthly' ? { monthDay: form.monthDay } : {}),
    timeOfDay: form.timeOfDay,
    ...(form.recipientId ? { userId: form.recipientId } : {}),
    ...(form.pageName ? { pageName: form.pageName } : {}),
  };
}

/** The dialog's form for changing a subscription's schedule (the recipient stays). */
export function formFromSubscription(s: Subscription): ScheduleForm {
  return {
    format: s.format,
    frequency: s.frequency,
    weekday: s.weekday ?? DEFAULT_FORM.weekday,
    monthDay: s.monthDay ?? DEFAULT_FORM.monthDay,
    timeOfDay: s.timeOfDay,
    recipientId: '',
    pageName: s.pageName ?? '',
  };
}

/** The change for a form: the day field the frequency uses, the other cleared. */
export function updateRequest(form: ScheduleForm): UpdateSubscriptionRequest {
  return {
    format: form.format,
    frequency: form.frequency,
    weekday: form.frequency === 'weekly' ? form.weekday : null,
    monthDay: form.frequency === 'monthly' ? form.monthDay : null,
    timeOfDay: form.timeOfDay,
    pageName: form.pageName || null,
  };
}

export const scheduleText = (s: Subscription) => describeSchedule(s, s.timeZone);

export const FORMAT_LABELS: Record<SubscriptionFormat, string> = {
  PDF: 'PDF',
  PPTX: 'PowerPoint',
};

/** The state a list shows; a pause the server made says why. */
export function statusBadge(s: Pick<Subscription, 'status' | 'pauseReason'>): {
  text: string;
  tone: Tone;
} {
  if (s.pauseReason === 'no-access') {
    return { text: 'Paused — no access to this report', tone: 'warning' };
  }
  if (s.pauseReason === 'failures') {
    return { text: 'Paused — deliveries kept failing', tone: 'danger' };
  }
  if (s.status === 'paused') return { text: 'Paused', tone: 'neutral' };
  if (s.status === 'failing') return { text: 'Failing', tone: 'danger' };
  return { text: 'Active', tone: 'success' };
}

/** "Nov 30, 2026, 8:00 AM" in the tenant's zone (the schedule's zone), or a dash. */
export function zonedDateTime(value: string | null, timeZone: string): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(date);
}

/** Search across report, recipient and schedule. */
export function matchesSearch(s: Subscription, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [s.reportName, s.recipient.email, scheduleText(s)].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

/**
 * Why "Send now" and "Resume" are not offered: the server refuses both while the recipient
 * cannot open the report (undefined when they are offered).
 */
export function blockedReason(s: Pick<Subscription, 'pauseReason'>): string | undefined {
  return s.pauseReason === 'no-access'
    ? 'The recipient can no longer open this report: an Admin can give them access, then resume it.'
    : undefined;
}
