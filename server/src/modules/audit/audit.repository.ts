import type { Db } from '../../db/database.ts';
import type { AuditEventRow, NewAuditEventRow } from './audit.table.ts';

export async function insertAuditEvent(db: Db, event: NewAuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}

export interface AuditFilter {
  tenantId?: string;
  /** Exact action, or a family when it ends in a dot (`auth.` matches every sign-in event). */
  action?: string;
  limit: number;
  offset: number;
}

/** One page of events, newest first, and how many match in all. */
export async function listAuditEvents(
  db: Db,
  filter: AuditFilter,
): Promise<{ rows: AuditEventRow[]; total: number }> {
  let query = db.selectFrom('audit_events');
  if (filter.tenantId) query = query.where('tenant_id', '=', filter.tenantId);
  if (filter.action?.endsWith('.')) {
    // The contract allows only [a-z_.] in actions, so no LIKE wildcard can slip in; `_` is escaped.
    query = query.where('action', 'like', `${filter.action.replaceAll('_', '\\_')}%`);
  } else if (filter.action) {
    query = query.where('action', '=', filter.action);
  }
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
