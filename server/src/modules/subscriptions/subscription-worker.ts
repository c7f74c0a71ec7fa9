import { describeSchedule } from '@canopy/portal-contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { isAppError } from '../../errors.ts';
import type { AnalyticsGateway } from '../analytics/analytics-gateway.ts';
import {
  cancelJob,
  claimJob,
  extendJob,
  failJob,
  finishJob,
  type ClaimedJob,
} from '../jobs/job-queue.ts';
import { pollEvery } from '../jobs/poll-every.ts';
import type { Mailer } from '../mail/mailer.ts';
import { reportIdentities } from '../reports/report-identity.ts';
import { exportReport } from './report-export.ts';
import { nextOccurrence } from './schedule.ts';
import {
  deliveryOf,
  failedInARow,
  findSubscription,
  finishDelivery,
  renewDelivery,
  startMailing,
  takeDelivery,
  updateSubscription,
  type HeldDelivery,
  type SubscriptionDetail,
} from './subscriptions.repository.ts';
import {
  noAccessError,
  PAUSE_AFTER_FAILED_DELIVERIES,
  recipientMayView,
  scheduleOf,
  sendNowJobKind,
  subscriptionJobKind,
} from './subscriptions.service.ts';

export interface SubscriptionDeps {
  db: Db;
  /** Undefined without an analytics service: every run fails and says so on the subscription. */
  analytics: AnalyticsGateway | undefined;
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
  /**
   * How long a claimed job and its delivery stay with this instance without a renewal (default
   * two minutes). The instance renews both every third of it while it exports and mails, so
   * this bounds how long an occurrence waits after its instance died, not how long an export
   * may take.
   */
  leaseMs?: number;
}

export const DEFAULT_LEASE_MS = 2 * 60_000;

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
      const job = await claimJob(deps.db, kind, options.leaseMs ?? DEFAULT_LEASE_MS);
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
  const outcome = await deliver(deps, options, job, row, occurrence);
  if (outcome === 'no-access') return finishJob(deps.db, job.id, null);
  // A live instance holds this occurrence: look again when its lease would have run out (it
  // moves next_run_at on itself when it finishes; if it dies, this run takes the delivery over).
  if (outcome === 'busy') return finishJob(deps.db, job.id, afterLease(options));
  if (outcome === 'failed' && job.attempts < (options.maxAttempts ?? 3)) {
    return failJob(deps.db, job.id, job.attempts, 'delivery failed');
  }
  if (outcome === 'failed' && (await pausedForFailures(deps, row))) {
    return finishJob(deps.db, job.id, null);
  }
  // Sent (now or by an instance that died before it got here), or given up for this occurrence:
  // the next one, counted from now so a server that was down for days sends one mail, not one
  // per missed occurrence.
  const next = nextOccurrence(scheduleOf(row), row.time_zone, new Date());
  await updateSubscription(deps.db, row.id, { next_run_at: next });
  await finishJob(deps.db, job.id, next);
}

const afterLease = (options: SubscriptionRunOptions) =>
  new Date(Date.now() + (options.leaseMs ?? DEFAULT_LEASE_MS));

/**
 * After `PAUSE_AFTER_FAILED_DELIVERIES` deliveries in a row failed (each after its retries), the
 * subscription is paused and says why, instead of failing on every occurrence for ever. True
 * when it paused it.
 */
async function pausedForFailures(deps: SubscriptionDeps, row: SubscriptionDetail) {
  const failed = await failedInARow(deps.db, row.id, PAUSE_AFTER_FAILED_DELIVERIES);
  if (failed < PAUSE_AFTER_FAILED_DELIVERIES) return false;
  const last = await findSubscription(deps.db, row.id);
  await updateSubscription(deps.db, row.id, {
    paused: true,
    paused_reason: 'failures',
    next_run_at: null,
    last_error: `Paused after ${PAUSE_AFTER_FAILED_DELIVERIES} failed deliveries in a row. Last error: ${last?.last_error ?? 'unknown'}`,
  });
  await cancelJob(deps.db, subscriptionJobKind, row.id);
  deps.log?.warn({ subscription: row.id }, 'subscription paused after failed deliveries');
  return true;
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
  const outcome = await deliver(deps, options, job, row, occurrence);
  if (outcome === 'busy') return finishJob(deps.db, job.id, afterLease(options));
  if (outcome === 'failed' && job.attempts < (options.maxAttempts ?? 3)) {
    return failJob(deps.db, job.id, job.attempts, 'delivery failed');
  }
  if (outcome === 'failed') await pausedForFailures(deps, row);
  await finishJob(deps.db, job.id, null);
}

/**
 * Exports the report as the recipient and mails it, once per (subscription, occurrence).
 *
 * "Once" as SMTP allows: the delivery row is taken under a lease before anything is exported,
 * the hand-over to SMTP is recorded before the mail goes, and the row is marked sent as soon as
 * the mail server accepted the mail. An instance that dies before the server's acceptance leaves
 * a delivery that another instance takes over when the lease runs out and sends: the mail server
 * never accepted the first one. Only a death in the moment between the server's acceptance and
 * the database's record sends it twice; both carry the occurrence's Message-ID, by which mail
 * systems recognise the same mail. docs/portal-operations.md says this for operators.
 */
async function deliver(
  deps: SubscriptionDeps,
  options: SubscriptionRunOptions,
  job: ClaimedJob,
  row: SubscriptionDetail,
  occurrence: Date,
): Promise<Outcome> {
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const taken = await takeDelivery(deps.db, row.id, occurrence, leaseMs);
  if (!taken) {
    const delivery = await deliveryOf(deps.db, row.id, occurrence);
    deps.log?.debug(
      { subscription: row.id, occurrence, status: delivery?.status },
      'subscription occurrence already taken',
    );
    return delivery?.status === 'sent' ? 'already-sent' : 'busy';
  }
  const held: HeldDelivery = { id: taken.id, attempts: taken.attempts };
  // Access is checked at each run, with the same rule as the portal: a revoked grant, a person
  // moved out of a group or an inactive organisation stops the mails, and says why.
  const mayView =
    row.tenant_status === 'active' &&
    (await recipientMayView(deps.db, row.tenant_id, row.user_id, row.report_id));
  if (!mayView) {
    const error =
      row.tenant_status === 'active'
        ? noAccessError(row.recipient_email)
        : 'The organization is inactive, so the subscription was paused';
    await finishDelivery(deps.db, held, { status: 'failed', error });
    await updateSubscription(deps.db, row.id, {
      paused: true,
      paused_reason: 'no-access',
      next_run_at: null,
      last_error: error,
    });
    await cancelJob(deps.db, subscriptionJobKind, row.id);
    return 'no-access';
  }
  // Renews the job's and the delivery's leases while this instance works on them.
  const renewal = setInterval(() => {
    Promise.all([extendJob(deps.db, job.id, leaseMs), renewDelivery(deps.db, held, leaseMs)]).catch(
      (error: unknown) => deps.log?.warn({ err: error, job: job.key }, 'lease renewal failed'),
    );
  }, leaseMs / 3);
  renewal.unref();
  try {
    if (!deps.analytics) throw new Error('No analytics service is configured');
    const analytics = await deps.analytics.forTenantId(deps.db, row.tenant_id);
    const identities = await reportIdentities(deps.db, analytics, row.tenant_id, {
      power_bi_group_id: row.report_power_bi_group_id,
      dataset_id: row.report_dataset_id,
    });
    const file = await exportReport(analytics, {
      powerBiGroupId: row.report_power_bi_group_id,
      reportId: row.report_id,
      format: row.format,
      identities,
      pageName: row.page_name,
      timeoutMs: options.exportTimeoutMs ?? 5 * 60_000,
    });
    // Lost while exporting (this instance stalled past its lease): the new holder sends it.
    if (!(await startMailing(deps.db, held, leaseMs))) return 'busy';
    if (taken.mail_started_at) {
      deps.log?.warn(
        { subscription: row.id, occurrence, messageId: taken.message_id },
        'sending a delivery again whose instance stopped while handing it to SMTP',
      );
    }
    const day = localDay(occurrence, row.time_zone);
    await deps.mailer.send({
      to: row.recipient_email,
      subject: `${row.report_name} — ${day.long}`,
      text: mailText(deps.publicUrl, row, day.long),
      ...(taken.message_id ? { messageId: taken.message_id } : {}),
      attachments: [
        {
          filename: `${row.report_name.replace(/[^\w .-]/g, '_')} ${day.iso}${file.extension}`,
          contentType: file.contentType,
          content: file.content,
        },
      ],
    });
    await finishDelivery(deps.db, held, { status: 'sent' });
    deps.log?.info(
      { subscription: row.id, occurrence, attempt: held.attempts },
      'subscription delivered',
    );
    await updateSubscription(deps.db, row.id, {
      last_sent_at: new Date(),
      last_error: null,
      failures: 0,
    });
    return 'sent';
  } catch (error) {
    const message = describeFailure(error);
    deps.log?.warn({ err: error, subscription: row.id }, 'subscription delivery failed');
    await finishDelivery(deps.db, held, { status: 'failed', error: message });
    await deps.db
      .updateTable('report_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1), last_error: message }))
      .where('id', '=', row.id)
      .execute();
    return 'failed';
  } finally {
    clearInterval(renewal);
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
