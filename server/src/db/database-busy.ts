/** pg-pool's error when no connection came free within `connectionTimeoutMillis`. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';
/** SQLSTATE query_canceled: `statement_timeout` ran out (or an operator cancelled the query). */
const QUERY_CANCELED = '57014';

/**
 * Whether an error means the database was too busy rather than gone or the query wrong: every
 * connection of the pool stayed taken for the connect timeout, or a statement ran past the
 * statement timeout. Both answer 503 with their own code, so a client knows to retry later.
 */
export function databaseBusy(
  error: unknown,
): 'DATABASE_BUSY' | 'DATABASE_STATEMENT_TIMEOUT' | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === QUERY_CANCELED) return 'DATABASE_STATEMENT_TIMEOUT';
  if (typeof message === 'string' && message.includes(POOL_WAIT_TIMEOUT)) return 'DATABASE_BUSY';
  return undefined;
}
