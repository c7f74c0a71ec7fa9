import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEvent,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
} from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { csvRecord } from './audit-csv.ts';
import {
  countAuditEvents,
  lastAuditEventId,
  listAuditActions,
  listAuditEventRows,
  type AuditEventListRow,
} from './audit.repository.ts';

/** The audit log as super administrators read it (the routes admit nobody else). */
export async function readAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  checkRange(query);
  const [rows, total] = await Promise.all([
    listAuditEventRows(db, query),
    countAuditEvents(db, query),
  ]);
  return { events: rows.map(toAuditEvent), total };
}

export const readAuditActions = async (db: Db) => ({ actions: await listAuditActions(db) });

export interface AuditExport {
  /** Events matching the filters when the export started. */
  total: number;
  /** True when there were more than AUDIT_EXPORT_MAX_ROWS: the file holds the newest ones. */
  truncated: boolean;
  /** The header record, then one record per event, newest first. */
  records: AsyncIterable<string>;
}

const exportBatch = 2_000;
const header = [
  'When (UTC)',
  'Actor ID',
  'Actor email',
  'Actor name',
  'Tenant ID',
  'Tenant',
  'Action',
  'Target',
  'From (IP)',
  'Details',
];

/**
 * The filtered log as CSV, read in batches so a large export never sits in memory. Events recorded
 * after the export started are left out, so batches cannot shift and repeat a row.
 */
export async function exportAuditLog(db: Db, filters: AuditFilters): Promise<AuditExport> {
  checkRange(filters);
  const upToId = (await lastAuditEventId(db)) ?? '0';
  const total = await countAuditEvents(db, { ...filters, upToId });
  const rowCount = Math.min(total, AUDIT_EXPORT_MAX_ROWS);
  async function* records() {
    yield csvRecord(header);
    for (let offset = 0; offset < rowCount; offset += exportBatch) {
      const rows = await listAuditEventRows(db, {
        ...filters,
        upToId,
        offset,
        limit: Math.min(exportBatch, rowCount - offset),
      });
      yield rows.map((row) => csvRecord(toCsvCells(toAuditEvent(row)))).join('');
    }
  }
  return { total, truncated: total > AUDIT_EXPORT_MAX_ROWS, records: records() };
}

function checkRange(filters: AuditFilters) {
  if (filters.from && filters.to && Date.parse(filters.from) > Date.parse(filters.to)) {
    throw new AppError('AUDIT_RANGE_INVERTED');
  }
}

const toCsvCells = (event: AuditEvent) => [
  event.at,
  event.actorId,
  event.actorEmail,
  event.actorName,
  event.tenantId,
  event.tenantName,
  event.action,
  event.target,
  event.ip,
  event.details ? JSON.stringify(event.details) : null,
];

function toAuditEvent(row: AuditEventListRow): AuditEvent {
  // jsonb arrives parsed from pg and PGlite alike; a string would be a row written as text.
  const details: unknown = typeof row.details === 'string' ? JSON.parse(row.details) : row.details;
  const name = [row.actor_first_name, row.actor_last_name].filter(Boolean).join(' ');
  return {
    id: String(row.id),
    at: row.at.toISOString(),
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    actorName: name || null,
    tenantId: row.tenant_id,
    tenantName: row.tenant_name,
    action: row.action,
    target: row.target,
    ip: row.ip,
    details: (details as Record<string, unknown> | null) ?? null,
  };
}
