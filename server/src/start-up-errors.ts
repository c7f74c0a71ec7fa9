import { StartupError } from './errors.ts';

interface SystemError {
  code?: string;
  message?: string;
  errors?: SystemError[];
}

/** `postgres://user@host:5432/db` without the password, for messages and logs. */
export function describeDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.password = '';
    return `${parsed.protocol}//${parsed.username ? `${parsed.username}@` : ''}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** A driver error in words: pg's ECONNREFUSED arrives as an AggregateError with an empty message. */
function reasonOf(error: unknown): string {
  const system = (error ?? {}) as SystemError;
  const code = system.code ?? system.errors?.[0]?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (is PostgreSQL running and listening there?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'unknown host';
    case 'ETIMEDOUT':
      return 'timed out';
    case '3D000':
      return 'the database does not exist (create it first: createdb)';
    case '28P01':
    case '28000':
      return 'authentication failed (check the user and password)';
    default:
      return system.message || system.errors?.[0]?.message || String(error);
  }
}

/** The one line an operator needs when the database cannot be reached at start. */
export function databaseUnreachable(url: string, error: unknown): StartupError {
  return new StartupError(
    `Cannot reach PostgreSQL at ${describeDatabaseUrl(url)} (DATABASE_URL): ${reasonOf(error)}`,
  );
}

/** EADDRINUSE and friends, naming the variable that moves the port or the address. */
export function listenFailed(
  error: unknown,
  what: string,
  port: number,
  variables: { port: string; host: string },
): unknown {
  const code = (error as SystemError | undefined)?.code;
  if (code === 'EADDRINUSE') {
    return new StartupError(
      `Port ${port} is already in use (${what}): stop what listens there or set ${variables.port} to a free port`,
    );
  }
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
    return new StartupError(
      `Cannot bind ${what}: the address is not one of this machine's (${variables.host})`,
    );
  }
  if (code === 'EACCES') {
    return new StartupError(
      `Port ${port} needs privileges (${what}): set ${variables.port} to a port above 1023`,
    );
  }
  return error;
}
