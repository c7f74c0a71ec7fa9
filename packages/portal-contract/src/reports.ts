import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/**
 * Reports, embed tokens, report grants and the report usage log. Analytics ids (workspaces,
 * reports) are the service's GUIDs. A workspace id is a tenant's `powerBiGroupId`; the request
 * fields below that carry one keep the names clients already send (`groupId`, `workspaceId`).
 */
export const AnalyticsId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, 'Must be an id');

/** The report list's body: whose workspace to list. */
export const ReportListRequest = z.object({
  /** The tenant's powerBiGroupId; the field keeps the name clients already send. */
  groupId: AnalyticsId,
});
export type ReportListRequest = z.infer<typeof ReportListRequest>;
/** `/api/powerbi/permissions/{groupId}/admin`: whose workspace's grants to list. */
export const ReportGrantsParams = z.object({
  /** The tenant's powerBiGroupId; the parameter keeps the name clients already send. */
  groupId: AnalyticsId,
});

export const Report = z.object({
  id: z.string(),
  name: z.string(),
  /** End of the dataset's newest completed refresh; null when it has none. */
  lastRefreshTime: Timestamp.nullable(),
  createdBy: z.string().nullable(),
  embedUrl: z.string(),
});
export type Report = z.infer<typeof Report>;
export const ReportList = z.object({ reports: z.array(Report) });
export type ReportList = z.infer<typeof ReportList>;

export const EmbedTokenRequest = z.object({
  reportId: AnalyticsId,
  /** The tenant's powerBiGroupId; the field keeps the name clients already send. */
  groupId: AnalyticsId,
});
export type EmbedTokenRequest = z.infer<typeof EmbedTokenRequest>;
export const EmbedToken = z.object({
  embedToken: z.string(),
  embedUrl: z.string(),
  reportId: z.string(),
  expiration: Timestamp,
  tokenId: z.string(),
});
export type EmbedToken = z.infer<typeof EmbedToken>;

export const ReportSyncResult = z.object({
  reports: z.number().int(),
  added: z.number().int(),
  removed: z.number().int(),
});
export type ReportSyncResult = z.infer<typeof ReportSyncResult>;

export const ReportGrant = z.object({
  userId: Id,
  report: z.object({ reportId: z.string(), name: z.string() }),
});
export const ReportGrantList = z.array(ReportGrant);
export type ReportGrantList = z.infer<typeof ReportGrantList>;

export const GrantRequest = z.object({
  userId: Id,
  reportId: AnalyticsId,
  /** The tenant's powerBiGroupId; the field keeps the name clients already send. */
  workspaceId: AnalyticsId,
  tenantId: Id,
  canView: z.literal(true).default(true),
});
export type GrantRequest = z.infer<typeof GrantRequest>;
export const RevokeRequest = GrantRequest.omit({ canView: true });
export type RevokeRequest = z.infer<typeof RevokeRequest>;

/** What the SPA measured while opening a report (milliseconds, bounded to an hour). */
export const UsageReport = z.object({
  reportId: AnalyticsId,
  loadMs: z.number().int().min(0).max(3_600_000),
  renderMs: z.number().int().min(0).max(3_600_000),
});
export type UsageReport = z.infer<typeof UsageReport>;
export const UsageQuery = z.object({
  tenantId: Id.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const UsageEntry = z.object({
  tenantId: z.string().nullable(),
  userId: z.string().nullable(),
  reportId: z.string(),
  loadMs: z.number().int(),
  renderMs: z.number().int(),
  at: Timestamp,
});
export const UsageList = z.object({ entries: z.array(UsageEntry) });
export type UsageList = z.infer<typeof UsageList>;
