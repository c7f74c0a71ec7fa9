import { z } from 'zod';
import { Id } from './common.ts';

/** `GET /api/admin/audit`: newest first, paged, optionally for one tenant and one action. */
export const AuditQuery = z.object({
  tenantId: Id.optional(),
  /** An exact action name (`user.create`) or a family ending in a dot (`auth.`). */
  action: z
    .string()
    .max(64)
    .regex(/^[a-z_]+(\.[a-z_]*)?$/, 'Must be an action like user.create or a family like auth.')
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEvent = z.object({
  id: z.string(),
  at: z.string(),
  actorId: Id.nullable(),
  actorEmail: z.string().nullable(),
  tenantId: Id.nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditPage = z.object({ events: z.array(AuditEvent), total: z.number().int() });
export type AuditPage = z.infer<typeof AuditPage>;
