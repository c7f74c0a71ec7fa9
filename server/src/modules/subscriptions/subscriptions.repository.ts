import type { Db } from '../../db/database.ts';
import type { ReportSubscriptionsTable } from '../../db/tables/subscriptions.table.ts';
import { sql, type Insertable, type Updateable } from 'kysely';

/** A subscription with what its list rows and its mail need: report, recipient, tenant zone. */
function joined(db: Db) {
  return db
    .selectFrom('report_subscriptions as s')
    .innerJoin('reports as r', 'r.id', 's.report_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('tenants as t', 't.id', 's.tenant_id')
    .selectAll('s')
    .select([
      'r.name as report_name',
      'r.power_bi_group_id as report_power_bi_group_id',
      'r.dataset_id as report_dataset_id',
      'u.email as recipient_email',
      'u.first_name as recipient_first_name',
      'u.last_name as recipient_last_name',
      't.time_zone as time_zone',
      't.status as tenant_status',
    ]);
}

export type SubscriptionDetail = NonNullable<Awaited<ReturnType<typeof findSubscription>>>;

export function findSubscription(db: Db, id: string) {
  return joined(db).where('s.id', '=', id).executeTakeFirst();
}

export function listSubscriptions(db: Db, where: { tenantId: string; userId?: string }) {
  let query = joined(db).where('s.tenant_id', '=', where.tenantId);
  if (where.userId) query = query.where('s.user_id', '=', where.userId);
  return query.orderBy('r.name').orderBy('u.email').orderBy('s.created_at').execute();
}

export function insertSubscription(db: Db, values: Insertable<ReportSubscriptionsTable>) {
  return db
    .insertInto('report_subscriptions')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateSubscription(
  db: Db,
  id: string,
  changes: Updateable<ReportSubscriptionsTable>,
) {
  return db.updateTable('report_subscriptions').set(changes).where('id', '=', id).execute();
}

export function deleteSubscription(db: Db, id: string) {
  return db.deleteFrom('report_subscriptions').where('id', '=', id).execute();
}

/** The interval `ms` from now, as SQL. */
const fromNow = (ms: number) => sql<Date>`now() + make_interval(secs => ${ms / 1000})`;

/**
 * Takes the delivery of one occurrence for `leaseMs`: inserts its row, takes back a failed one
 * for a retry, or takes over one left `sending` by an instance whose lease ran out (it died, or
 * lost the database for longer than a lease). Undefined when it is sent, or held by a live
 * instance: the caller must not send. The unique (subscription, occurrence) key makes this the
 * once-per-occurrence guarantee; `attempts` is the taker's fencing token: only the holder of the
 * latest attempt may mail or finish it.
 */
export async function takeDelivery(
  db: Db,
  subscriptionId: string,
  occurrence: Date,
  leaseMs: number,
) {
  return db
    .insertInto('subscription_deliveries')
    .values({
      subscription_id: subscriptionId,
      occurrence,
      status: 'sending',
      attempts: 1,
      lease_until: fromNow(leaseMs),
      message_id: messageIdOf(subscriptionId, occurrence),
    })
    .onConflict((oc) =>
      oc
        .columns(['subscription_id', 'occurrence'])
        .doUpdateSet((eb) => ({
          status: 'sending',
          attempts: eb('subscription_deliveries.attempts', '+', 1),
          lease_until: fromNow(leaseMs),
        }))
        .where((eb) =>
          eb.or([
            eb('subscription_deliveries.status', '=', 'failed'),
            eb.and([
              eb('subscription_deliveries.status', '=', 'sending'),
              eb.or([
                eb('subscription_deliveries.lease_until', 'is', null),
                eb('subscription_deliveries.lease_until', '<', sql<Date>`now()`),
              ]),
            ]),
          ]),
        ),
    )
    .returning(['id', 'attempts', 'message_id', 'mail_started_at'])
    .executeTakeFirst();
}

/**
 * The Message-ID of an occurrence's mail: the same on every attempt, so a mail sent again after
 * a crash between SMTP's answer and the database's record is recognisably the same mail.
 */
export function messageIdOf(subscriptionId: string, occurrence: Date): string {
  return `<subscription.${subscriptionId}.${occurrence.getTime()}@canopy.invalid>`;
}

/** A held delivery: its row and the attempt (fencing token) that holds it. */
export interface HeldDelivery {
  id: number;
  attempts: number;
}

/** Renews the lease of a delivery still held by this attempt; false when it was taken over. */
export async function renewDelivery(db: Db, held: HeldDelivery, leaseMs: number) {
  const result = await db
    .updateTable('subscription_deliveries')
    .set({ lease_until: fromNow(leaseMs) })
    .where('id', '=', held.id)
    .where('attempts', '=', held.attempts)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Records, under a fresh lease, that this attempt hands the mail to SMTP now. False when another
 * instance took the delivery over meanwhile: then this one must not send.
 */
export async function startMailing(db: Db, held: HeldDelivery, leaseMs: number) {
  const result = await db
    .updateTable('subscription_deliveries')
    .set({ mail_started_at: sql<Date>`now()`, lease_until: fromNow(leaseMs) })
    .where('id', '=', held.id)
    .where('attempts', '=', held.attempts)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function deliveryOf(db: Db, subscriptionId: string, occurrence: Date) {
  return db
    .selectFrom('subscription_deliveries')
    .select(['id', 'status', 'attempts'])
    .where('subscription_id', '=', subscriptionId)
    .where('occurrence', '=', occurrence)
    .executeTakeFirst();
}

/** Ends this attempt (only the attempt that holds the delivery can). */
export function finishDelivery(
  db: Db,
  held: HeldDelivery,
  outcome: { status: 'sent' | 'failed'; error?: string },
) {
  return db
    .updateTable('subscription_deliveries')
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      sent_at: outcome.status === 'sent' ? new Date() : null,
      lease_until: null,
    })
    .where('id', '=', held.id)
    .where('attempts', '=', held.attempts)
    .execute();
}

/** How many of the subscription's latest deliveries failed, since its last one sent. */
export async function failedInARow(db: Db, subscriptionId: string, limit: number) {
  const rows = await db
    .selectFrom('subscription_deliveries')
    .select('status')
    .where('subscription_id', '=', subscriptionId)
    .where('status', '!=', 'sending')
    .orderBy('occurrence', 'desc')
    .limit(limit)
    .execute();
  const sent = rows.findIndex((row) => row.status === 'sent');
  return sent === -1 ? rows.length : sent;
}

/**
 * The tenant row, locked for the transaction: new subscriptions of a tenant are counted and added
 * one at a time. Undefined when the tenant is gone.
 */
export function lockTenantSubscriptions(db: Db, tenantId: string) {
  return db
    .selectFrom('tenants')
    .select('id')
    .where('id', '=', tenantId)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** How many subscriptions the tenant has, and how many of them `userId` receives. */
export async function countSubscriptions(db: Db, tenantId: string, userId: string) {
  const row = await db
    .selectFrom('report_subscriptions')
    .select((eb) => [
      eb.fn.countAll<string>().as('tenant'),
      eb.fn.count<string>('id').filterWhere('user_id', '=', userId).as('person'),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  return { tenant: Number(row.tenant), person: Number(row.person) };
}

/**
 * Claims "Send now" for a subscription: true for exactly one caller per interval. One statement:
 * a concurrent claim waits for this row and then sees it taken. Never while a run asked for
 * earlier is still waiting, nor within the interval after a delivery, "Send now" or scheduled.
 */
export async function claimSendNow(
  db: Db,
  subscriptionId: string,
  sendNowKind: string,
  intervalSeconds: number,
): Promise<boolean> {
  const since = sql<Date>`now() - make_interval(secs => ${intervalSeconds})`;
  const row = await db
    .updateTable('report_subscriptions as s')
    .set({ send_now_at: sql<Date>`now()` })
    .where('s.id', '=', subscriptionId)
    .where((eb) => eb.or([eb('s.send_now_at', 'is', null), eb('s.send_now_at', '<=', since)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('jobs')
            .select('jobs.id')
            .where('jobs.kind', '=', sendNowKind)
            .where('jobs.key', 'like', sql<string>`${subscriptionId} || '@%'`),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('subscription_deliveries as d')
            .select('d.id')
            .whereRef('d.subscription_id', '=', 's.id')
            .where('d.occurrence', '>=', since),
        ),
      ),
    )
    .returning('s.id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The recipient as the report-access rule sees them (roles, tenant), or undefined when gone. */
export async function recipientOf(db: Db, userId: string) {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'tenant_id', 'is_super_admin'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return undefined;
  const roles = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .execute();
  return { ...user, roles: roles.map((r) => r.role) };
}

/** The tenant's people (for the recipient picker). */
export function tenantPeople(db: Db, tenantId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('tenant_id', '=', tenantId)
    .orderBy('email')
    .execute();
}
