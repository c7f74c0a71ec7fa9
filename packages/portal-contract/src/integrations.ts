import { z } from 'zod';
import { Id, Timestamp } from './common.ts';

/** Data sources and their integrations (docs/portal.md#data-integration). */
export const SourceId = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9-]+$/, 'Must be a data source id');

export const DataSource = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  category: z.string(),
  /** `available` for sources that can be connected; others are shown as coming soon. */
  status: z.enum(['available', 'coming-soon']),
  authType: z.string(),
  /** A connection of this source can be synchronised into the tenant's workspace today. */
  canSync: z.boolean(),
});
export type DataSource = z.infer<typeof DataSource>;
export const DataSourceList = z.array(DataSource);

export const IntegrationStatus = z.enum(['active', 'error', 'inactive']);
export const Integration = z.object({
  id: Id,
  sourceId: z.string(),
  sourceName: z.string(),
  tenantId: Id.nullable(),
  tenantName: z.string().nullable(),
  /** The connected organisation at the provider (Xero may give none for a practice). */
  organisationName: z.string().nullable(),
  status: IntegrationStatus,
  fabricDatasetId: z.string().nullable(),
  lastSync: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type Integration = z.infer<typeof Integration>;
export const IntegrationList = z.array(Integration);

export const OauthInitiateRequest = z.object({ sourceId: SourceId, tenantId: Id.optional() });
export type OauthInitiateRequest = z.infer<typeof OauthInitiateRequest>;
export const OauthInitiateResponse = z.object({ authUrl: z.string() });

/** What the provider sends back to the callback (any may be missing or odd: never trusted). */
export const OauthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(256).optional(),
  error: z.string().max(256).optional(),
  scope: z.string().max(2048).optional(),
  session_state: z.string().max(512).optional(),
});

export const SyncResult = z.object({
  rows: z.number().int(),
  fabricDatasetId: z.string(),
  lastSync: Timestamp,
});
export type SyncResult = z.infer<typeof SyncResult>;
