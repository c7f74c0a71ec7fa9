import {
  AUDIT_COUNT_CAP,
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEvent,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
} from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { csvRecord } from './audit-csv.ts';
import { AUDIT_ACTIONS } from './audit-actions.ts';
import {
  countAuditEvents,
  lastAuditEventId,
  listAuditEventRows,
  type AuditEventListRow,
  type AuditSeek,
} from './audit.repository.ts';

/**
 * The audit log as super administrators read it (the routes admit nobody else): one page from
 * where the query's cursor says, with cursors to the pages either side and a count capped at
 * AUDIT_COUNT_CAP. One more row than the page is read, to know whether there is a page beyond.
 */
export async function readAuditLog(db: Db, query: AuditQuery): Promise<AuditPage> {
  checkRange(query);
  const seek: AuditSeek = query.older
    ? { older: query.older }
    : query.newer
      ? { newer: query.newer }
      : query.oldest === 'true'
        ? { oldest: true }
        : null;
  const [rows, counted] = await Promise.all([
    listAuditEventRows(db, { ...query, seek, limit: query.limit + 1 }),
    countAuditEvents(db, query, AUDIT_COUNT_CAP),
  ]);
  // Read newest first, the extra row is the oldest; read oldest first, it is the newest.
  const readBackwards = seek !== null && !('older' in seek);
  const beyond = rows.length > query.limit;
  const events = (beyond ? (readBackwards ? rows.slice(1) : rows.slice(0, -1)) : rows).map(
    toAuditEvent,
  );
  const first = events[0]?.id ?? null;
  const last = events.at(-1)?.id ?? null;
  const olderExists = readBackwards ? seek !== null && 'newer' in seek : beyond;
  const newerExists = readBackwards ? beyond : seek !== null;
  return {
    events,
    total: Math.min(counted, AUDIT_COUNT_CAP),
    totalCapped: counted > AUDIT_COUNT_CAP,
    older: olderExists ? last : null,
    newer: newerExists ? first : null,
  };
}

/** The action filter's choices: every action the portal records, sorted. */
export const readAuditActions = () => ({ actions: [...AUDIT_ACTIONS].sort() });

export interface AuditExport {
  /** Events matching the filters when the export started, counted up to one past the file's cap. */
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
 * The filtered log as CSV, read in keyset batches (each a seek past the last row of the one
 * before), so memory stays the same however long the export and no batch costs more than the
 * first. Events recorded after the export started are left out, so batches cannot shift.
 */
export async function exportAuditLog(db: Db, filters: AuditFilters): Promise<AuditExport> {
  checkRange(filters);
  const upToId = (await lastAuditEventId(db)) ?? '0';
  const counted = await countAuditEvents(db, { ...filters, upToId }, AUDIT_EXPORT_MAX_ROWS);
  const rowCount = Math.min(counted, AUDIT_EXPORT_MAX_ROWS);
  async function* records() {
    yield csvRecord(header);
    let seek: AuditSeek = null;
    for (let done = 0; done < rowCount;) {
      const rows = await listAuditEventRows(db, {
        ...filters,
        upToId,
        seek,
        limit: Math.min(exportBatch, rowCount - done),
      });
      const lastRow = rows.at(-1);
      if (!lastRow) break;
      done += rows.length;
      seek = { older: String(lastRow.id) };
      yield rows.map((row) => csvRecord(toCsvCells(toAuditEvent(row)))).join('');
    }
  }
  return {
    total: counted,
    truncated: counted > AUDIT_EXPORT_MAX_ROWS,
    records: records(),
  };
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
