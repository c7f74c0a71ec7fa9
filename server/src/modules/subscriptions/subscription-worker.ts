import { describeSchedule } from '@canopy/portal-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isAppError } from '../../errors.ts';
import type { AnalyticsClient } from '../analytics/analytics-client.ts';
import { cancelJob, claimJob, failJob, finishJob, type ClaimedJob } from '../jobs/job-queue.ts';
import { pollEvery } from '../jobs/poll-every.ts';
import type { Mailer } from '../mail/mailer.ts';
import { reportIdentities } from '../reports/report-identity.ts';
import { exportReport } from './report-export.ts';
import { nextOccurrence } from './schedule.ts';
import {
  deliveryOf,
  findSubscription,
  finishDelivery,
  takeDelivery,
  updateSubscription,
  type SubscriptionDetail,
} from './subscriptions.repository.ts';
import {
  recipientMayView,
  scheduleOf,
  sendNowJobKind,
  subscriptionJobKind,
} from './subscriptions.service.ts';

export interface SubscriptionDeps {
  db: Db;
  /** Undefined without an analytics service: every run fails and says so on the subscription. */
  analytics: AnalyticsClient | undefined;
  mailer: Mailer;
  /** The portal's address, for the links in the mail. */
  publicUrl: string;
  log?: FastifyBaseLogger;
}

export interface SubscriptionRunOptions {
  /** How long one export may take before the attempt fails (default 5 minutes). */
  exportTimeoutMs?: number;
  /** Attempts of one occurrence before it is given up for the next one (default 3). */
  maxAttempts?: number;
}

/** Longer than an export may take, so a job is never run twice at once. */
const leaseMs = 15 * 60_000;

type Outcome = 'sent' | 'already-sent' | 'busy' | 'no-access' | 'failed';

/**
 * Runs every due subscription job once, claiming them one by one. Several instances may do this
 * at the same time: the queue hands each job to one of them, and the delivery row of an occurrence
 * is taken by one of them only, so each occurrence is mailed once. Returns how many jobs ran.
 */
export async function runDueSubscriptions(
  deps: SubscriptionDeps,
  options: SubscriptionRunOptions = {},
): Promise<number> {
  let ran = 0;
  for (const kind of [sendNowJobKind, subscriptionJobKind]) {
    for (;;) {
      const job = await claimJob(deps.db, kind, leaseMs);
      if (!job) break;
      ran += 1;
      try {
        await (kind === sendNowJobKind
          ? runSendNow(deps, options, job)
          : runScheduled(deps, options, job));
      } catch (error) {
        // Only the bookkeeping can throw here (delivery failures are outcomes): retry later.
        deps.log?.error({ err: error, job: job.key }, 'subscription job failed');
        await failJob(deps.db, job.id, job.attempts, 'failed');
      }
    }
  }
  return ran;
}

/** A scheduled occurrence: the subscription's next_run_at. */
async function runScheduled(
  deps: SubscriptionDeps,
  options: SubscriptionRunOptions,
  job: ClaimedJob,
): Promise<void> {
  const row = await findSubscription(deps.db, job.key);
  if (!row || row.paused || !row.next_run_at) return finishJob(deps.db, job.id, null);
  const occurrence = row.next_run_at;
  // Rescheduled while the job waited: run at the new time.
  if (occurrence.getTime() > Date.now()) return finishJob(deps.db, job.id, occurrence);
  const outcome = await deliver(deps, options, row, occurrence);
  if (outcome === 'no-access') return finishJob(deps.db, job.id, null);
  if (outcome === 'busy') return finishJob(deps.db, job.id, new Date(Date.now() + 60_000));
  if (outcome === 'failed' && job.attempts < (options.maxAttempts ?? 3)) {
    return failJob(deps.db, job.id, job.attempts, 'delivery failed');
  }
  // Sent, or given up for this occurrence: the next one, counted from now so a server that was
  // down for days sends one mail, not one per missed occurrence.
  const next = nextOccurrence(scheduleOf(row), row.time_zone, new Date());
  await updateSubscription(deps.db, row.id, { next_run_at: next });
  await finishJob(deps.db, job.id, next);
}

/** "Send now": the job's key is `<subscription id>@<ISO time asked>`, its own occurrence. */
async function runSendNow(
  deps: SubscriptionDeps,
  options: SubscriptionRunOptions,
  job: ClaimedJob,
): Promise<void> {
  const [id, asked] = job.key.split('@') as [string, string | undefined];
  const row = await findSubscription(deps.db, id);
  const occurrence = new Date(asked ?? '');
  if (!row || Number.isNaN(occurrence.getTime())) return finishJob(deps.db, job.id, null);
  const outcome = await deliver(deps, options, row, occurrence);
  if (outcome === 'failed' && job.attempts < (options.maxAttempts ?? 3)) {
    return failJob(deps.db, job.id, job.attempts, 'delivery failed');
  }
  await finishJob(deps.db, job.id, null);
}

/** Exports the report as the recipient and mails it, once per (subscription, occurrence). */
async function deliver(
  deps: SubscriptionDeps,
  options: SubscriptionRunOptions,
  row: SubscriptionDetail,
  occurrence: Date,
): Promise<Outcome> {
  const taken = await takeDelivery(deps.db, row.id, occurrence);
  if (!taken) {
    const delivery = await deliveryOf(deps.db, row.id, occurrence);
    return delivery?.status === 'sent' ? 'already-sent' : 'busy';
  }
  // Access is checked at each run, with the same rule as the portal: a revoked grant, a person
  // moved out of a group or an inactive organisation stops the mails, and says why.
  const mayView =
    row.tenant_status === 'active' &&
    (await recipientMayView(deps.db, row.tenant_id, row.user_id, row.report_id));
  if (!mayView) {
    const error =
      row.tenant_status === 'active'
        ? `${row.recipient_email} can no longer open this report, so the subscription was paused`
        : 'The organization is inactive, so the subscription was paused';
    await finishDelivery(deps.db, taken.id, { status: 'failed', error });
    await updateSubscription(deps.db, row.id, {
      paused: true,
      next_run_at: null,
      last_error: error,
    });
    await cancelJob(deps.db, subscriptionJobKind, row.id);
    return 'no-access';
  }
  try {
    if (!deps.analytics) throw new Error('No analytics service is configured');
    const identities = await reportIdentities(deps.db, deps.analytics, row.tenant_id, {
      power_bi_group_id: row.report_power_bi_group_id,
      dataset_id: row.report_dataset_id,
    });
    const file = await exportReport(deps.analytics, {
      powerBiGroupId: row.report_power_bi_group_id,
      reportId: row.report_id,
      format: row.format,
      identities,
      pageName: row.page_name,
      timeoutMs: options.exportTimeoutMs ?? 5 * 60_000,
    });
    const day = localDay(occurrence, row.time_zone);
    await deps.mailer.send({
      to: row.recipient_email,
      subject: `${row.report_name} — ${day.long}`,
      text: mailText(deps.publicUrl, row, day.long),
      attachments: [
        {
          filename: `${row.report_name.replace(/[^\w .-]/g, '_')} ${day.iso}${file.extension}`,
          contentType: file.contentType,
          content: file.content,
        },
      ],
    });
    await finishDelivery(deps.db, taken.id, { status: 'sent' });
    await updateSubscription(deps.db, row.id, {
      last_sent_at: new Date(),
      last_error: null,
      failures: 0,
    });
    return 'sent';
  } catch (error) {
    const message = describeFailure(error);
    deps.log?.warn({ err: error, subscription: row.id }, 'subscription delivery failed');
    await finishDelivery(deps.db, taken.id, { status: 'failed', error: message });
    await deps.db
      .updateTable('report_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1), last_error: message }))
      .where('id', '=', row.id)
      .execute();
    return 'failed';
  }
}

/** What the subscription shows: the error table's sentence, or the export's own reason. */
function describeFailure(error: unknown): string {
  if (isAppError(error)) return `${error.message} (${error.code})`;
  return (error instanceof Error ? error.message : 'The delivery failed').slice(0, 500);
}

function localDay(instant: Date, timeZone: string) {
  const long = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(instant);
  // en-CA formats as YYYY-MM-DD: for file names that sort.
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone }).format(instant);
  return { long, iso };
}

function mailText(publicUrl: string, row: SubscriptionDetail, day: string): string {
  const schedule = describeSchedule(
    {
      frequency: row.frequency,
      weekday: row.weekday,
      monthDay: row.month_day,
      timeOfDay: row.time_of_day,
    },
    row.time_zone,
  );
  return [
    'Hello,',
    '',
    `Attached is the report "${row.report_name}" as of ${day}${row.page_name ? ` (page ${row.page_name})` : ''}.`,
    '',
    `Open it in the portal: ${publicUrl}/tenant/reports/${encodeURIComponent(row.report_id)}`,
    '',
    `You receive this mail because of a report subscription (${schedule}).`,
    `To pause or stop it, open My subscriptions: ${publicUrl}/account/subscriptions`,
  ].join('\n');
}

/** Polls the queue every `pollMs` until stopped (server.ts starts it; tests call runDue…). */
export function startSubscriptionWorker(
  deps: SubscriptionDeps,
  options: SubscriptionRunOptions & { pollMs: number },
): () => void {
  return pollEvery(
    options.pollMs,
    () => runDueSubscriptions(deps, options),
    (error) => deps.log?.error({ err: error }, 'subscription worker failed'),
  );
}
