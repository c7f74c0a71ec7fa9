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

/**
 * The most events the log counts exactly; past it a page says "more than" this many (counting a
 * long history on every page would cost as much as reading it).
 */
export const AUDIT_COUNT_CAP = 10_000;

/** Where a page starts: an event's id, as a page's `older` or `newer` names it. */
const AuditCursor = z.string().regex(/^[1-9]\d{0,18}$/, 'Must be a cursor from a page');

/**
 * `GET /api/admin/audit`: newest first, filtered, paged by cursor (keyset: each page costs the
 * same wherever it is). No cursor: the newest events. `older`: the events just older than that
 * cursor (the next page); `newer`: those just newer (the previous page); `oldest=true`: the oldest
 * events (the last page). Only one of the three at a time.
 */
export const AuditQuery = AuditFilters.extend({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  older: AuditCursor.optional(),
  newer: AuditCursor.optional(),
  oldest: z.enum(['true', 'false']).optional(),
}).refine(
  (query) =>
    [query.older, query.newer, query.oldest === 'true' || undefined].filter(Boolean).length <= 1,
  'Ask for one of older, newer and oldest',
);
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

export const AuditPage = z.object({
  events: z.array(AuditEvent),
  /** Events matching the filters, counted up to AUDIT_COUNT_CAP. */
  total: z.number().int(),
  /** More than AUDIT_COUNT_CAP match: `total` is the cap, read it as "more than 10,000". */
  totalCapped: z.boolean(),
  /** The cursor of the next (older) page, or null on the oldest page. */
  older: z.string().nullable(),
  /** The cursor of the previous (newer) page, or null on the newest page. */
  newer: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPage>;

/** `GET /api/admin/audit/actions`: every action name the portal records, sorted. */
export const AuditActions = z.object({ actions: z.array(z.string()) });
export type AuditActions = z.infer<typeof AuditActions>;

/** The export's file name: the day it was made (UTC), so saved exports sort by date. */
export const auditExportFileName = (at: Date): string =>
  `canopy-audit-${at.toISOString().slice(0, 10)}.csv`;
