import type { Generated, Insertable, Selectable } from 'kysely';
import type { CreatedAt } from '../../shared/timestamps.ts';

/** Who did what to which thing, from where, when. Rows outlive the users and tenants they name. */
export interface AuditEventsTable {
  /** bigserial, read as a number (see create-database.ts); the API sends it as a string. */
  id: Generated<number>;
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
