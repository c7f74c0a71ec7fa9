import type { Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt } from './tenants.table.ts';

/** Who did what to which thing, from where, when. Rows outlive the users and tenants they name. */
export interface AuditEventsTable {
  id: Generated<string>;
  at: Generated<CreatedAt>;
  actor_id: string | null;
  actor_email: string | null;
  tenant_id: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  details: unknown;
}
export type AuditEventRow = Selectable<AuditEventsTable>;
export type NewAuditEventRow = Insertable<AuditEventsTable>;
