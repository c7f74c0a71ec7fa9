/**
 * Whether a query failed on a unique index (PostgreSQL's SQLSTATE 23505, from `pg` and PGlite
 * alike): the index decides, so two concurrent requests cannot both take the same name or email.
 */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: unknown } | null)?.code === '23505';
