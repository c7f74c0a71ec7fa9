import { z } from 'zod';

/** Liveness: the database answers. */
export const HealthOk = z.object({ status: z.literal('ok') });
export const HealthUnavailable = z.object({ status: z.literal('unavailable') });

/**
 * Readiness: the database answers and has every migration this release needs, and none it does
 * not know (`newer-schema`: a newer release migrated the database; this instance must go).
 */
export const ReadinessOk = z.object({ status: z.literal('ready') });
export const ReadinessUnavailable = z.object({
  status: z.literal('unavailable'),
  reason: z.enum(['database', 'migrations', 'newer-schema']),
  /** For the operator: what to do (present with `newer-schema`). */
  detail: z.string().optional(),
});

/**
 * Which release answers (during a rolling upgrade, instances may differ). `commit` and `node` are
 * null in production unless the operator makes build details public.
 */
export const VersionInfo = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  node: z.string().nullable(),
});
export type VersionInfo = z.infer<typeof VersionInfo>;
