import type { ColumnType, Generated, Selectable } from 'kysely';

export type SubscriptionFormat = 'PDF' | 'PPTX';
export type SubscriptionFrequency = 'daily' | 'weekly' | 'monthly';
/** The recipient can no longer open the report; or its deliveries kept failing. */
export type SubscriptionPauseReason = 'no-access' | 'failures';

export interface ReportSubscriptionsTable {
  id: Generated<string>;
  tenant_id: string;
  /** The recipient: the export runs as them and the mail goes to them. */
  user_id: string;
  report_id: string;
  created_by: string | null;
  format: SubscriptionFormat;
  frequency: SubscriptionFrequency;
  /** 0 = Sunday … 6 = Saturday (weekly). */
  weekday: number | null;
  /** 1–31 (monthly); past a short month's end it is that month's last day. */
  month_day: number | null;
  /** 'HH:MM' in the tenant's time zone. */
  time_of_day: string;
  page_name: string | null;
  paused: Generated<boolean>;
  next_run_at: Date | null;
  last_sent_at: Date | null;
  last_error: string | null;
  failures: Generated<number>;
  /** When "Send now" was last claimed (once a minute at most). */
  send_now_at: Date | null;
  /** Why the server paused it; null when a person paused it (or it runs). */
  paused_reason: SubscriptionPauseReason | null;
  created_at: ColumnType<Date, Date | undefined, never>;
}
export type ReportSubscriptionRow = Selectable<ReportSubscriptionsTable>;

export interface SubscriptionDeliveriesTable {
  id: Generated<number>;
  subscription_id: string;
  /** The scheduled instant this delivery is for (the send-now runs use the time they were asked). */
  occurrence: Date;
  status: 'sending' | 'sent' | 'failed';
  attempts: Generated<number>;
  error: string | null;
  sent_at: Date | null;
  /** The instance that holds a `sending` delivery renews this; past it, another may take it. */
  lease_until: Date | null;
  /** The occurrence's idempotency key: the mail's Message-ID, the same on every attempt. */
  message_id: string | null;
  /** When the mail was handed to SMTP (the attempt may have died before it was answered). */
  mail_started_at: Date | null;
}
