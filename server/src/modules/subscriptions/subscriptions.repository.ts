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

/**
 * Takes the delivery of one occurrence: inserts its row, or takes back a failed one for a retry.
 * Undefined when it is sent or being sent already (another instance has it): the caller must not
 * send. The unique (subscription, occurrence) key makes this the once-per-occurrence guarantee.
 */
export async function takeDelivery(db: Db, subscriptionId: string, occurrence: Date) {
  return db
    .insertInto('subscription_deliveries')
    .values({ subscription_id: subscriptionId, occurrence, status: 'sending', attempts: 1 })
    .onConflict((oc) =>
      oc
        .columns(['subscription_id', 'occurrence'])
        .doUpdateSet((eb) => ({
          status: 'sending',
          attempts: eb('subscription_deliveries.attempts', '+', 1),
        }))
        .where('subscription_deliveries.status', '=', 'failed'),
    )
    .returning(['id', 'attempts'])
    .executeTakeFirst();
}

export function deliveryOf(db: Db, subscriptionId: string, occurrence: Date) {
  return db
    .selectFrom('subscription_deliveries')
    .select(['id', 'status', 'attempts'])
    .where('subscription_id', '=', subscriptionId)
    .where('occurrence', '=', occurrence)
    .executeTakeFirst();
}

export function finishDelivery(
  db: Db,
  id: number,
  outcome: { status: 'sent' | 'failed'; error?: string },
) {
  return db
    .updateTable('subscription_deliveries')
    .set({
      status: outcome.status,
      error: outcome.error ?? null,
      sent_at: outcome.status === 'sent' ? new Date() : null,
    })
    .where('id', '=', id)
    .execute();
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
