import type { AuditEvent, AuditPage, AuditQuery } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { listAuditEvents } from './audit.repository.ts';
import type { AuditEventRow } from './audit.table.ts';

/** The audit log as super administrators read it (the route admits nobody else). */
export async function readAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  const { rows, total } = await listAuditEvents(db, query);
  return { events: rows.map(toAuditEvent), total };
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  // jsonb arrives parsed from pg and PGlite alike; a string would be a row written as text.
  const details: unknown = typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    tenantId: row.tenant_id,
    action: row.action,
    target: row.target,
    ip: row.ip,
    details: (details as Record<string, unknown> | null) ?? null,
  };
}
