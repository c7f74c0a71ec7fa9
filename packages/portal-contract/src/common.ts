import { z } from 'zod';

/** Every id the portal API hands out is a UUID. */
export const Id = z.uuid();

/**
 * Emails are trimmed and compared case-insensitively; the server stores them lower-cased. The
 * message is the portal forms' words, which check with this same schema before sending.
 */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email('Please enter a valid email address'));

export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #2563eb');

export const Theme = z.enum(['dark', 'light']);
export type Theme = z.infer<typeof Theme>;

/** The tenant roles: Admin and Viewer. Super administrators are a user type, not a role. */
export const RoleName = z.enum(['Admin', 'Viewer']);
export type RoleName = z.infer<typeof RoleName>;
export const ROLE_NAMES = RoleName.options;

export const PersonType = z.enum(['superadmin', 'tenant-user']);
export type PersonType = z.infer<typeof PersonType>;

export const Timestamp = z.iso.datetime({ offset: true });

/** The body of every error response: a human message, a stable code, and for 400s the fields. */
export const ErrorBody = z.object({
  error: z.string(),
  code: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const IdParams = z.object({ id: Id });
export const TenantIdParams = z.object({ tenantId: Id });

/** A body-less success (deletes, logout, neutral acknowledgements). */
export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

export const Message = z.object({ message: z.string() });
