import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/** Most rows one CSV export holds; the export says when it stopped there (`x-audit-truncated`). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * An instant the log can hold: ISO 8601 with an offset, from 1970 to 9999. (Year 0 is valid ISO
 * but no PostgreSQL date, and nothing was recorded before the portal existed.)
 */
const AuditInstant = Timestamp.refine((value) => {
  const at = Date.parse(value);
  return at >= 0 && at < Date.UTC(10_000, 0, 1);
}, 'Must be a time between 1970 and 9999');

/** The filters the audit log and its CSV export share. */
export const AuditFilters = z.object({
  tenantId: Id.optional(),
  /** An exact action name (`user.create`) or a family ending in a dot (`auth.`). */
  action: z
    .string()
    .max(64)
    .regex(/^[a-z_]+(\.[a-z_]*)?$/, 'Must be an action like user.create or a family like auth.')
    .optional(),
  /** Who acted: a person's id (exact), or part of the email they acted as (case-insensitive). */
  person: z.string().trim().min(1).max(254).optional(),
  /** Events at or after this instant (ISO 8601 with an offset). */
  from: AuditInstant.optional(),
  /** Events at or before this instant; never before `from` (AUDIT_RANGE_INVERTED). */
  to: AuditInstant.optional(),
});
export type AuditFilters = z.infer<typeof AuditFilters>;

/** `GET /api/admin/audit`: newest first, paged, filtered. */
export const AuditQuery = AuditFilters.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  actorId: Id.nullable(),
  actorEmail: z.string().nullable(),
  /** The person's name today, when they still exist and have set one. */
  actorName: z.string().nullable(),
  tenantId: Id.nullable(),
  /** The tenant's name today; null when the event has no tenant or the tenant was deleted. */
  tenantName: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditPage = z.object({ events: z.array(AuditEvent), total: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;

/** `GET /api/admin/audit/actions`: every action name recorded so far, sorted. */
export const AuditActions = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof AuditActions>;

/** The export's file name: the day it was made (UTC), so saved exports sort by date. */
export const auditExportFileName = (at: Date): string =>
  `canopy-audit-${at.toISOString().slice(0, 10)}.csv`;
