import type { AuditFilters } from '@canopy/portal-contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { NewAuditEventRow } from '../../db/tables/audit.table.ts';

export async function insertAuditEvent(db: Db, event: NewAuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}

/**
 * Where a page starts, as a seek on (at, id) so every page costs one index descent whatever its
 * depth: `older` (events strictly older than that event, newest first), `newer` (strictly newer,
 * read oldest first) or `oldest` (from the oldest event, read oldest first).
 */
export type AuditSeek = { older: string } | { newer: string } | { oldest: true } | null;

export interface AuditFilter extends AuditFilters {
  limit: number;
  seek: AuditSeek;
  /** Only events up to this id: keeps the pages of a long export still while new events arrive. */
  upToId?: string;
}

/** An event with the names of its tenant and actor as they are today (null once deleted). */
export interface AuditEventListRow {
  id: number;
  at: Date;
  actor_id: string | null;
  actor_email: string | null;
  actor_first_name: string | null;
  actor_last_name: string | null;
  tenant_id: string | null;
  tenant_name: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  details: unknown;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `LIKE` reads `%`, `_` and `\` as patterns; a search for them means the characters themselves. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The filters as conditions. Each has an index that also orders by (at, id) (see the migration
 * 2026_11_29_930001_index_audit_keyset): tenant, action, actor id, and the time range on its own;
 * part of an email goes through a trigram index where pg_trgm is installed.
 */
function filtered(db: Db, filter: AuditFilters & { upToId?: string }) {
  let query = db.selectFrom('audit_events');
  if (filter.tenantId) query = query.where('audit_events.tenant_id', '=', filter.tenantId);
  if (filter.action?.endsWith('.')) {
    query = query.where('audit_events.action', 'like', `${likeLiteral(filter.action)}%`);
  } else if (filter.action) {
    query = query.where('audit_events.action', '=', filter.action);
  }
  if (filter.person && uuid.test(filter.person)) {
    query = query.where('audit_events.actor_id', '=', filter.person);
  } else if (filter.person) {
    query = query.where('audit_events.actor_email', 'ilike', `%${likeLiteral(filter.person)}%`);
  }
  if (filter.from) query = query.where('audit_events.at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('audit_events.at', '<=', new Date(filter.to));
  if (filter.upToId) query = query.where('audit_events.id', '<=', Number(filter.upToId));
  return query;
}

/**
 * The event a cursor names, compared as (at, id) in full precision: `at` has microseconds, which
 * a JavaScript Date would round away, so the comparison reads them from the row itself.
 */
const seekRow = (id: string) =>
  sql`(select c.at, c.id from audit_events c where c.id = ${Number(id)})`;

/**
 * Up to `limit` events from where `seek` says, with tenant and actor names, always returned
 * newest first (a page read oldest first is turned round).
 */
export async function listAuditEventRows(
  db: Db,
  filter: AuditFilter,
): Promise<AuditEventListRow[]> {
  const { seek } = filter;
  const ascending = seek !== null && !('older' in seek);
  let query = filtered(db, filter);
  if (seek && 'older' in seek) {
    query = query.where(sql<boolean>`(audit_events.at, audit_events.id) < ${seekRow(seek.older)}`);
  } else if (seek && 'newer' in seek) {
    query = query.where(sql<boolean>`(audit_events.at, audit_events.id) > ${seekRow(seek.newer)}`);
  }
  const direction = ascending ? 'asc' : 'desc';
  const rows = await query
    .leftJoin('tenants', 'tenants.id', 'audit_events.tenant_id')
    .leftJoin('users', 'users.id', 'audit_events.actor_id')
    .select([
      'audit_events.id',
      'audit_events.at',
      'audit_events.actor_id',
      'audit_events.actor_email',
      'users.first_name as actor_first_name',
      'users.last_name as actor_last_name',
      'audit_events.tenant_id',
      'tenants.name as tenant_name',
      'audit_events.action',
      'audit_events.target',
      'audit_events.ip',
      'audit_events.details',
    ])
    .orderBy('audit_events.at', direction)
    .orderBy('audit_events.id', direction)
    .limit(filter.limit)
    .execute();
  return ascending ? rows.reverse() : rows;
}

/**
 * How many events match the filters, counting at most `cap + 1` of them: the answer is exact up to
 * `cap`, and `cap + 1` means "more" (a count of the whole history would read all of it).
 */
export async function countAuditEvents(
  db: Db,
  filter: AuditFilters & { upToId?: string },
  cap: number,
): Promise<number> {
  const row = await db
    .selectFrom(
      filtered(db, filter)
        .select(sql`1`.as('one'))
        .limit(cap + 1)
        .as('matching'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** The newest event's id, or null for an empty log. */
export async function lastAuditEventId(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id == null ? null : String(row.id);
}
