import type { Db } from '../../db/database.ts';
import type { NewAuditEventRow } from './audit.table.ts';

export async function insertAuditEvent(db: Db, event: NewAuditEventRow): Promise<void> {
  await db.insertInto('audit_events').values(event).execute();
}
