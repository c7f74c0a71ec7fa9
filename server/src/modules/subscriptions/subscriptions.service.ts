import type {
  CreateSubscriptionRequest,
  ReportPageList,
  Subscription,
  SubscriptionRecipientList,
  UpdateSubscriptionRequest,
} from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import type { AnalyticsGateway } from '../analytics/analytics-gateway.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../shared/actor.ts';
import {
  adminTenantScope,
  isSuperAdmin,
  isTenantAdmin,
  type Principal,
} from '../../shared/principal.ts';
import { auditChange, definedFields } from '../audit/audit.service.ts';
import { cancelJob, scheduleJob } from '../jobs/job-queue.ts';
import { canViewReport } from '../reports/report-access.ts';
import { findTenantReport } from '../reports/reports.repository.ts';
import { nextOccurrence, type Schedule } from './schedule.ts';
import {
  claimSendNow,
  countSubscriptions,
  deleteSubscription,
  findSubscription,
  insertSubscription,
  listSubscriptions,
  lockTenantSubscriptions,
  recipientOf,
  tenantPeople,
  updateSubscription,
  type SubscriptionDetail,
} from './subscriptions.repository.ts';

/** Scheduled occurrences: one job per subscription, run at its next_run_at. */
export const subscriptionJobKind = 'subscription';
/** "Send now" runs: one job per request, keyed `<subscription id>@<ISO time asked>`. */
export const sendNowJobKind = 'subscription-send-now';
/** After this many failures in a row a subscription shows as failing (it is still tried). */
export const FAILING_AFTER = 3;
/**
 * After this many deliveries in a row failed, each after its retries, the server pauses the
 * subscription and says why (resuming it tries again).
 */
export const PAUSE_AFTER_FAILED_DELIVERIES = 3;
/** The error a subscription shows once the worker paused it because its recipient lost access. */
export const noAccessError = (email: string) =>
  `${email} can no longer open this report, so the subscription was paused`;
/** One "Send now" per subscription per this many seconds (each one exports and mails a file). */
export const SEND_NOW_INTERVAL_SECONDS = 60;

/** How many subscriptions one person may receive and one tenant may have (configuration). */
export interface SubscriptionLimits {
  maxPerPerson: number;
  maxPerTenant: number;
}

/**
 * The API's subscription. `mayView`: whether the recipient may open the report now (the one
 * access rule, asked when the list is read); one who may not shows as paused for no access, even
 * before the worker's next run pauses it for good.
 */
export function toSubscription(row: SubscriptionDetail, mayView: boolean): Subscription {
  const pauseReason = !mayView
    ? 'no-access'
    : row.paused && row.paused_reason === 'failures'
      ? 'failures'
      : null;
  const paused = row.paused || !mayView;
  return {
    id: row.id,
    tenantId: row.tenant_id,
    reportId: row.report_id,
    reportName: row.report_name,
    recipient: {
      id: row.user_id,
      email: row.recipient_email,
      firstName: row.recipient_first_name,
      lastName: row.recipient_last_name,
    },
    createdBy: row.created_by,
    format: row.format,
    frequency: row.frequency,
    weekday: row.weekday,
    monthDay: row.month_day,
    timeOfDay: row.time_of_day,
    pageName: row.page_name,
    timeZone: row.time_zone,
    paused,
    pauseReason,
    status: paused ? 'paused' : row.failures >= FAILING_AFTER ? 'failing' : 'active',
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    lastSentAt: row.last_sent_at?.toISOString() ?? null,
    lastError: row.last_error,
    failures: row.failures,
    createdAt: row.created_at.toISOString(),
  };
}

export const scheduleOf = (row: {
  frequency: Schedule['frequency'];
  weekday: number | null;
  month_day: number | null;
  time_of_day: string;
}): Schedule => ({
  frequency: row.frequency,
  weekday: row.weekday,
  monthDay: row.month_day,
  timeOfDay: row.time_of_day,
});

/** Weekly needs a weekday and monthly a day; the other field is cleared so rows stay tidy. */
function normalise(input: {
  frequency: Schedule['frequency'];
  weekday?: number | null;
  monthDay?: number | null;
}) {
  if (input.frequency === 'weekly' && (input.weekday === undefined || input.weekday === null)) {
    throw new AppError('SUBSCRIPTION_SCHEDULE_INVALID');
  }
  if (input.frequency === 'monthly' && (input.monthDay === undefined || input.monthDay === null)) {
    throw new AppError('SUBSCRIPTION_SCHEDULE_INVALID');
  }
  return {
    weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
    month_day: input.frequency === 'monthly' ? (input.monthDay ?? null) : null,
  };
}

/** The recipient as the one report-access rule sees them. */
export async function recipientPrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const person = await recipientOf(db, userId);
  if (!person) return undefined;
  return {
    userId: person.id,
    email: person.email,
    type: person.is_super_admin ? 'superadmin' : 'tenant-user',
    tenantId: person.tenant_id,
    roles: person.roles,
    sessionId: '',
  };
}

/** May `userId` (of `tenantId`) open the report now? False for a person gone or moved. */
export async function recipientMayView(
  db: Db,
  tenantId: string,
  userId: string,
  reportId: string,
): Promise<boolean> {
  const principal = await recipientPrincipal(db, userId);
  if (!principal || principal.type !== 'tenant-user' || principal.tenantId !== tenantId) {
    return false;
  }
  return canViewReport(db, principal, tenantId, reportId);
}

/** May each row's recipient open its report now? Asked once per (person, report). */
async function withAccess(db: Db, rows: SubscriptionDetail[]): Promise<Subscription[]> {
  const known = new Map<string, Promise<boolean>>();
  const access = (row: SubscriptionDetail) => {
    const key = `${row.user_id} ${row.report_id}`;
    let answer = known.get(key);
    if (!answer) {
      answer =
        row.tenant_status === 'active'
          ? recipientMayView(db, row.tenant_id, row.user_id, row.report_id)
          : Promise.resolve(false);
      known.set(key, answer);
    }
    return answer;
  };
  const result: Subscription[] = [];
  // One at a time: a list must not take every connection of the pool.
  for (const row of rows) result.push(toSubscription(row, await access(row)));
  return result;
}

/** Refuses what would mail a recipient who can no longer open the report. */
async function ensureRecipientAccess(db: Db, row: SubscriptionDetail): Promise<void> {
  const mayView =
    row.tenant_status === 'active' &&
    (await recipientMayView(db, row.tenant_id, row.user_id, row.report_id));
  if (!mayView) throw new AppError('SUBSCRIPTION_NO_ACCESS');
}

/**
 * A subscription the caller may manage: their own, any of their tenant's for its Admins, any for
 * super administrators. Anything else is 404, as if it did not exist.
 */
async function manageable(db: Db, principal: Principal, id: string): Promise<SubscriptionDetail> {
  const row = await findSubscription(db, id);
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (isSuperAdmin(principal)) return row;
  if (principal.tenantId !== row.tenant_id) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (row.user_id !== principal.userId && !isTenantAdmin(principal)) {
    throw new AppError('SUBSCRIPTION_NOT_FOUND');
  }
  return row;
}

async function reload(db: Db, id: string): Promise<Subscription> {
  const row = await findSubscription(db, id);
  if (!row) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  const mayView =
    row.tenant_status === 'active' &&
    (await recipientMayView(db, row.tenant_id, row.user_id, row.report_id));
  return toSubscription(row, mayView);
}

/**
 * Refuses a new subscription past the limits. Counted under the tenant's lock (taken by the
 * caller's transaction), so concurrent requests cannot each see room for one more.
 */
async function ensureRoom(
  trx: Db,
  limits: SubscriptionLimits,
  tenantId: string,
  userId: string,
  own: boolean,
): Promise<void> {
  const counts = await countSubscriptions(trx, tenantId, userId);
  if (counts.person >= limits.maxPerPerson) {
    const whose = own ? 'You have' : 'This person has';
    throw new AppError('SUBSCRIPTION_LIMIT_REACHED', {
      message: `${whose} reached the limit of ${limits.maxPerPerson} subscriptions. Delete one to add another.`,
    });
  }
  if (counts.tenant >= limits.maxPerTenant) {
    throw new AppError('SUBSCRIPTION_LIMIT_REACHED', {
      message: `Your organization has reached the limit of ${limits.maxPerTenant} subscriptions. Delete one to add another.`,
    });
  }
}

/**
 * Subscribes a person of the caller's tenant to a report: themselves, or (tenant Admins) someone
 * of their tenant who may open it, within the limits per person and per tenant. The first
 * occurrence is scheduled at once.
 */
export async function createSubscription(
  db: Db,
  actor: Actor,
  input: CreateSubscriptionRequest,
  limits: SubscriptionLimits,
): Promise<Subscription> {
  const { principal } = actor;
  // Super administrators have no tenant and no mailbox of reports: they manage, not subscribe.
  if (principal.type !== 'tenant-user' || !principal.tenantId) throw new AppError('FORBIDDEN');
  const tenantId = principal.tenantId;
  const report = await findTenantReport(db, tenantId, input.reportId);
  if (!report) throw new AppError('REPORT_NOT_FOUND');
  const userId = input.userId ?? principal.userId;
  if (userId !== principal.userId) {
    if (!isTenantAdmin(principal)) throw new AppError('FORBIDDEN');
    const recipient = await recipientOf(db, userId);
    if (!recipient || recipient.tenant_id !== tenantId) throw new AppError('USER_NOT_FOUND');
    if (!(await recipientMayView(db, tenantId, userId, report.id))) {
      throw new AppError('RECIPIENT_NO_ACCESS');
    }
  } else if (!(await canViewReport(db, principal, tenantId, report.id))) {
    throw new AppError('FORBIDDEN');
  }
  const tenant = await db
    .selectFrom('tenants')
    .select('time_zone')
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const days = normalise(input);
  const values = {
    tenant_id: tenantId,
    user_id: userId,
    report_id: report.id,
    created_by: principal.userId,
    format: input.format,
    frequency: input.frequency,
    ...days,
    time_of_day: input.timeOfDay,
    page_name: input.pageName ?? null,
  };
  const next = nextOccurrence(scheduleOf(values), tenant.time_zone, new Date());
  const id = await db.transaction().execute(async (trx) => {
    if (!(await lockTenantSubscriptions(trx, tenantId))) throw new AppError('TENANT_NOT_FOUND');
    await ensureRoom(trx, limits, tenantId, userId, userId === principal.userId);
    const { id } = await insertSubscription(trx, { ...values, next_run_at: next });
    await scheduleJob(trx, subscriptionJobKind, id, next);
    await auditChange(trx, actor, {
      action: 'subscription.create',
      tenantId,
      target: `subscription:${id}`,
      details: {
        reportId: report.id,
        userId,
        format: input.format,
        frequency: input.frequency,
        timeOfDay: input.timeOfDay,
      },
    });
    return id;
  });
  return reload(db, id);
}

/** The caller's own subscriptions (super administrators have none). */
export async function listMySubscriptions(db: Db, principal: Principal): Promise<Subscription[]> {
  if (principal.type !== 'tenant-user' || !principal.tenantId) return [];
  const rows = await listSubscriptions(db, {
    tenantId: principal.tenantId,
    userId: principal.userId,
  });
  return withAccess(db, rows);
}

/** Every subscription of a tenant: its Admins, or super administrators for any tenant. */
export async function listTenantSubscriptions(
  db: Db,
  principal: Principal,
  tenantId: string,
): Promise<Subscription[]> {
  const scoped = adminTenantScope(principal, tenantId);
  return withAccess(db, await listSubscriptions(db, { tenantId: scoped }));
}

/**
 * Pauses, resumes or reschedules. A paused subscription has no job and no next run; resuming or a
 * new schedule computes the next occurrence from now.
 */
export async function changeSubscription(
  db: Db,
  actor: Actor,
  id: string,
  input: UpdateSubscriptionRequest,
): Promise<Subscription> {
  const row = await manageable(db, actor.principal, id);
  const frequency = input.frequency ?? row.frequency;
  const days = normalise({
    frequency,
    weekday: input.weekday === undefined ? row.weekday : input.weekday,
    monthDay: input.monthDay === undefined ? row.month_day : input.monthDay,
  });
  const merged = {
    format: input.format ?? row.format,
    frequency,
    ...days,
    time_of_day: input.timeOfDay ?? row.time_of_day,
    page_name: input.pageName === undefined ? row.page_name : input.pageName,
    paused: input.paused ?? row.paused,
  };
  const rescheduled =
    merged.frequency !== row.frequency ||
    merged.weekday !== row.weekday ||
    merged.month_day !== row.month_day ||
    merged.time_of_day !== row.time_of_day;
  const resumed = row.paused && !merged.paused;
  // Resuming, or changing an active one, needs a recipient who may still open the report.
  if (!merged.paused) await ensureRecipientAccess(db, row);
  const action =
    merged.paused && !row.paused
      ? 'subscription.pause'
      : resumed
        ? 'subscription.resume'
        : 'subscription.update';
  await db.transaction().execute(async (trx) => {
    let next_run_at = row.next_run_at;
    if (merged.paused) {
      next_run_at = null;
      await cancelJob(trx, subscriptionJobKind, id);
    } else if (resumed || rescheduled || !row.next_run_at) {
      next_run_at = nextOccurrence(scheduleOf(merged), row.time_zone, new Date());
      await scheduleJob(trx, subscriptionJobKind, id, next_run_at);
    }
    await updateSubscription(trx, id, {
      ...merged,
      next_run_at,
      // Resuming starts a clean slate: the next run says whether the cause has gone.
      ...(resumed ? { failures: 0, last_error: null, paused_reason: null } : {}),
      ...(merged.paused && !row.paused ? { paused_reason: null } : {}),
    });
    await auditChange(trx, actor, {
      action,
      tenantId: row.tenant_id,
      target: `subscription:${id}`,
      details: definedFields(input),
    });
  });
  return reload(db, id);
}

export async function removeSubscription(db: Db, actor: Actor, id: string): Promise<void> {
  const row = await manageable(db, actor.principal, id);
  await db.transaction().execute(async (trx) => {
    // Its jobs go with it (a trigger: also when its person, report or tenant is deleted).
    await deleteSubscription(trx, id);
    await auditChange(trx, actor, {
      action: 'subscription.delete',
      tenantId: row.tenant_id,
      target: `subscription:${id}`,
      details: { reportId: row.report_id, userId: row.user_id },
    });
  });
}

/**
 * Queues an immediate run (the worker picks it up on its next poll). One per subscription per
 * minute, and never while one is still waiting: each run exports and mails a whole file. The
 * claim is one conditional update, so concurrent requests queue one run, not one each.
 */
export async function sendSubscriptionNow(db: Db, actor: Actor, id: string): Promise<void> {
  const row = await manageable(db, actor.principal, id);
  await ensureRecipientAccess(db, row);
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    if (!(await claimSendNow(trx, id, sendNowJobKind, SEND_NOW_INTERVAL_SECONDS))) {
      throw new AppError('SEND_NOW_PENDING');
    }
    await scheduleJob(trx, sendNowJobKind, `${id}@${now.toISOString()}`, now);
    await auditChange(trx, actor, {
      action: 'subscription.send_now',
      tenantId: row.tenant_id,
      target: `subscription:${id}`,
    });
  });
}

/** The tenant's people who may open a report (an Admin's recipient picker). */
export async function subscriptionRecipients(
  db: Db,
  principal: Principal,
  reportId: string,
): Promise<SubscriptionRecipientList> {
  if (principal.type !== 'tenant-user' || !principal.tenantId || !isTenantAdmin(principal)) {
    throw new AppError('FORBIDDEN');
  }
  const tenantId = principal.tenantId;
  const report = await findTenantReport(db, tenantId, reportId);
  if (!report) throw new AppError('REPORT_NOT_FOUND');
  const people = [];
  for (const person of await tenantPeople(db, tenantId)) {
    if (await recipientMayView(db, tenantId, person.id, report.id)) {
      people.push({
        id: person.id,
        email: person.email,
        firstName: person.first_name,
        lastName: person.last_name,
      });
    }
  }
  return { people };
}

/**
 * The pages of a report the caller may open, in their order, for the Subscribe dialog's page
 * choice (the analytics service's Get Pages; without a service: 503 ANALYTICS_UNAVAILABLE).
 */
export async function reportPages(
  db: Db,
  analytics: AnalyticsGateway | undefined,
  principal: Principal,
  reportId: string,
): Promise<ReportPageList> {
  if (principal.type !== 'tenant-user' || !principal.tenantId) throw new AppError('FORBIDDEN');
  const report = await findTenantReport(db, principal.tenantId, reportId);
  if (!report) throw new AppError('REPORT_NOT_FOUND');
  if (!(await canViewReport(db, principal, principal.tenantId, report.id))) {
    throw new AppError('FORBIDDEN');
  }
  if (!analytics) throw new AppError('ANALYTICS_UNAVAILABLE');
  const tenantAnalytics = await analytics.forTenantId(db, principal.tenantId);
  const { value } = await tenantAnalytics.get<{
    value: { name: string; displayName?: string; order?: number }[];
  }>(`/groups/${report.power_bi_group_id}/reports/${report.id}/pages`, 'report');
  return {
    pages: [...value]
      .sort((a, b) => (a.order ?? 0) - (b.order ?? 0))
      .map((page) => ({ name: page.name, displayName: page.displayName ?? page.name })),
  };
}
