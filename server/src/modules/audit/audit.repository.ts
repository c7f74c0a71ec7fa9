import type { AuditFilters } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import type { NewAuditEventRow } from '../../db/tables/audit.table.ts';

export async function insertAuditEvent(db: Db, event: NewAuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}

export interface AuditFilter extends AuditFilters {
  limit: number;
  offset: number;
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

/** One page of events, newest first, with tenant and actor names. */
export function listAuditEventRows(db: Db, filter: AuditFilter): Promise<AuditEventListRow[]> {
  return filtered(db, filter)
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
    .orderBy('audit_events.at', 'desc')
    .orderBy('audit_events.id', 'desc')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
}

/** How many events match the filters. */
export async function countAuditEvents(db: Db, filter: AuditFilters & { upToId?: string }) {
  const row = await filtered(db, filter)
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

/** Every action name recorded, sorted. */
export async function listAuditActions(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select('action')
    .distinct()
    .orderBy('action')
    .execute();
  return rows.map((row) => row.action);
}
