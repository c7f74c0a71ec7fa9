import { z } from 'zod';
import { Id, Timestamp } from './common.ts';
import { AnalyticsId } from './reports.ts';

/**
 * Report subscriptions: a report mailed to a person as PDF or PowerPoint, daily, weekly on a
 * weekday or monthly on a day, at a time of day in the tenant's time zone. The export runs with
 * the recipient's own access, so the mail shows what they see embedded.
 */
export const SubscriptionFormat = z.enum(['PDF', 'PPTX']);
export type SubscriptionFormat = z.infer<typeof SubscriptionFormat>;
export const SubscriptionFrequency = z.enum(['daily', 'weekly', 'monthly']);
export type SubscriptionFrequency = z.infer<typeof SubscriptionFrequency>;
/** 'HH:MM', 24-hour. */
export const TimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time like 08:00');
/** 0 = Sunday … 6 = Saturday, as Date.getDay(). */
export const Weekday = z.number().int().min(0).max(6);
/** 1–31; in a shorter month, 29–31 mean that month's last day. */
export const MonthDay = z.number().int().min(1).max(31);
export const PageName = z.string().trim().min(1).max(200);

export const SubscriptionStatus = z.enum(['active', 'paused', 'failing']);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatus>;

/**
 * Why a paused subscription is paused, when the server paused it: its recipient can no longer
 * open the report ('no-access': "Send now" and "Resume" are refused until they can), or its
 * deliveries kept failing ('failures': resuming tries again). Null when a person paused it.
 */
export const SubscriptionPauseReason = z.enum(['no-access', 'failures']);
export type SubscriptionPauseReason = z.infer<typeof SubscriptionPauseReason>;

export const Subscription = z.object({
  id: Id,
  tenantId: Id,
  reportId: z.string(),
  reportName: z.string(),
  recipient: z.object({
    id: Id,
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
  }),
  createdBy: Id.nullable(),
  format: SubscriptionFormat,
  frequency: SubscriptionFrequency,
  weekday: Weekday.nullable(),
  monthDay: MonthDay.nullable(),
  timeOfDay: z.string(),
  pageName: z.string().nullable(),
  /** The tenant's time zone the schedule runs in. */
  timeZone: z.string(),
  paused: z.boolean(),
  pauseReason: SubscriptionPauseReason.nullable(),
  status: SubscriptionStatus,
  nextRunAt: Timestamp.nullable(),
  lastSentAt: Timestamp.nullable(),
  lastError: z.string().nullable(),
  failures: z.number().int(),
  createdAt: Timestamp,
});
export type Subscription = z.infer<typeof Subscription>;
export const SubscriptionList = z.object({ subscriptions: z.array(Subscription) });
export type SubscriptionList = z.infer<typeof SubscriptionList>;

const Schedule = {
  format: SubscriptionFormat,
  frequency: SubscriptionFrequency,
  /** Required for weekly, ignored otherwise. */
  weekday: Weekday.nullable().optional(),
  /** Required for monthly, ignored otherwise. */
  monthDay: MonthDay.nullable().optional(),
  timeOfDay: TimeOfDay,
  pageName: PageName.nullable().optional(),
};

export const CreateSubscriptionRequest = z.object({
  reportId: AnalyticsId,
  /** Someone else of the tenant (tenant Admins only); yourself when absent. */
  userId: Id.optional(),
  ...Schedule,
});
export type CreateSubscriptionRequest = z.infer<typeof CreateSubscriptionRequest>;

export const UpdateSubscriptionRequest = z.object({
  paused: z.boolean().optional(),
  format: SubscriptionFormat.optional(),
  frequency: SubscriptionFrequency.optional(),
  weekday: Weekday.nullable().optional(),
  monthDay: MonthDay.nullable().optional(),
  timeOfDay: TimeOfDay.optional(),
  pageName: PageName.nullable().optional(),
});
export type UpdateSubscriptionRequest = z.infer<typeof UpdateSubscriptionRequest>;

export const SendNowResult = z.object({ queued: z.literal(true) });

export const SubscriptionRecipientsQuery = z.object({ reportId: AnalyticsId });
/** The tenant's people who may open a report (an Admin's recipient picker). */
export const SubscriptionRecipientList = z.object({
  people: z.array(
    z.object({
      id: Id,
      email: z.string(),
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
    }),
  ),
});
export type SubscriptionRecipientList = z.infer<typeof SubscriptionRecipientList>;

/** The report's pages, for the Subscribe dialog's page choice (`name` is what a subscription keeps). */
export const ReportPageList = z.object({
  pages: z.array(z.object({ name: z.string(), displayName: z.string() })),
});
export type ReportPageList = z.infer<typeof ReportPageList>;

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** "Weekly on Monday at 08:00 Europe/London": the schedule in words (portal list and mails). */
export function describeSchedule(
  s: Pick<Subscription, 'frequency' | 'weekday' | 'monthDay' | 'timeOfDay'>,
  timeZone: string,
): string {
  const at = `at ${s.timeOfDay} ${timeZone}`;
  if (s.frequency === 'weekly') return `Weekly on ${WEEKDAY_NAMES[s.weekday ?? 1]} ${at}`;
  if (s.frequency === 'monthly') {
    const day = s.monthDay ?? 1;
    return day > 28
      ? `Monthly on day ${day} (or the last day) ${at}`
      : `Monthly on day ${day} ${at}`;
  }
  return `Daily ${at}`;
}
