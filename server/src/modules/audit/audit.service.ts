import type { Db } from '../../db/database.ts';
import type { Principal } from '../../shared/principal.ts';
import type { Actor } from '../../shared/actor.ts';
import type { AuditAction } from './audit-actions.ts';
import { insertAuditEvent } from './audit.repository.ts';

export type { AuditAction } from './audit-actions.ts';

export interface AuditEntry {
  action: AuditAction;
  /** Who acted: the principal, or for sign-in events the person the attempt was for. */
  actor?: Pick<Principal, 'userId' | 'email'> | null;
  tenantId?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records one event. Never pass secrets in `details`. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    action: entry.action,
    actor_id: entry.actor?.userId ?? null,
    actor_email: entry.actor?.email ?? null,
    tenant_id: entry.tenantId ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

/** `audit` for a change made by `actor`. */
export const auditChange = (
  db: Db,
  actor: Actor,
  entry: Omit<AuditEntry, 'actor' | 'ip'>,
): Promise<void> => audit(db, { ...entry, actor: actor.principal, ip: actor.ip });

/** What a partial update set (the fields left out are undefined), for an entry's `details`. */
export const definedFields = (changes: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
