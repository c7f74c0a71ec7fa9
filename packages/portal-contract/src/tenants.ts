import { z } from 'zod';
import { Email, HexColor, Id, Theme } from './common.ts';

export const TenantStatus = z.enum(['active', 'inactive']);
export type TenantStatus = z.infer<typeof TenantStatus>;

/** A stored logo: an upload path this server handed out (never an arbitrary URL it would fetch). */
export const LogoUrl = z
  .string()
  .max(512)
  .regex(/^\/api\/files\/[A-Za-z0-9._-]+$/, 'Must be a URL returned by the logo upload');

export const Tenant = z.object({
  id: Id,
  name: z.string(),
  adminEmail: z.string(),
  status: TenantStatus,
  logoUrl: z.string().nullable(),
  primaryColor: HexColor,
  theme: Theme,
  /** The tenant's analytics workspace id, the one name it has everywhere; null: none. */
  powerBiGroupId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tenant = z.infer<typeof Tenant>;

const tenantFields = {
  name: z.string().trim().min(1, 'Organization name is required').max(200),
  adminEmail: Email,
  status: TenantStatus.default('active'),
  logoUrl: LogoUrl.nullable().optional(),
  primaryColor: HexColor.default('#2563eb'),
  theme: Theme.default('dark'),
};

export const CreateTenantRequest = z.object({
  ...tenantFields,
  createPowerBIWorkspace: z.boolean().default(true),
});
export type CreateTenantRequest = z.infer<typeof CreateTenantRequest>;

/**
 * The edit form sends the same body as create. Fields left out keep their current value (no
 * default silently reactivates a tenant); the create-only flag is accepted and ignored.
 */
export const UpdateTenantRequest = z.object({
  name: tenantFields.name,
  adminEmail: tenantFields.adminEmail,
  status: TenantStatus.optional(),
  logoUrl: LogoUrl.nullable().optional(),
  primaryColor: HexColor.optional(),
  theme: Theme.optional(),
  createPowerBIWorkspace: z.boolean().optional(),
});
export type UpdateTenantRequest = z.infer<typeof UpdateTenantRequest>;

export const TenantList = z.object({ tenants: z.array(Tenant) });

export const TenantSettings = z.object({
  logoUrl: z.string().nullable(),
  primaryColor: HexColor,
  theme: Theme,
  /** The tenant's analytics workspace id; null: none. */
  powerBiGroupId: z.string().nullable(),
  /** IANA time zone the tenant's schedules (report subscriptions) run in ('UTC' by default). */
  timeZone: z.string().default('UTC'),
});
export type TenantSettings = z.infer<typeof TenantSettings>;

/** An IANA zone name; the server refuses names the runtime does not know (400 UNKNOWN_TIME_ZONE). */
export const TimeZoneName = z.string().trim().min(1).max(64);

export const UpdateTenantSettingsRequest = z.object({
  logoUrl: LogoUrl.nullable().optional(),
  primaryColor: HexColor,
  theme: Theme,
  /** Unchanged when absent. */
  timeZone: TimeZoneName.optional(),
});
export type UpdateTenantSettingsRequest = z.infer<typeof UpdateTenantSettingsRequest>;

export const UploadResult = z.object({ url: z.string() });

/**
 * What a logo upload may be: the server recognises these types by their first bytes (SVG is
 * refused: it can carry scripts and has no signature) and cuts an upload off past the size. The
 * SPA's file picker and its hint say the same, so nobody is offered a file the server refuses.
 */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

/** `GET /api/files/{key}`: keys are the random names the upload routes hand out. */
export const FileKeyParams = z.object({
  key: z.string().regex(/^[A-Za-z0-9_-]{1,100}\.[a-z]{3,4}$/),
});
