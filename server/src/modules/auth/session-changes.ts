import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The NOTIFY channel of changes to who a session's person is (its own, apart from chat). */
export const SESSIONS_CHANNEL = 'canopy_sessions';

/**
 * What changed, as narrowly as the change allows: one session (sign-out, a reused refresh
 * credential), everything of one person (password, role, deletion, every session ended), or
 * everyone of one tenant (deactivated or deleted).
 */
export type SessionChange = { session: string } | { user: string } | { tenant: string };

/** Whatever keeps sessions in this process and must hear of a change before it commits. */
export interface LocalSessionChanges {
  expect(change: SessionChange): void;
}

/**
 * The session cache of the instance serving the current request (set by the session-cache
 * plugin for every request). A change made here is known here at once, not only when its
 * notification comes back, so the next request on this instance never sees the old state.
 */
export const localSessionChanges = new AsyncLocalStorage<LocalSessionChanges>();

/** `s:<id>`, `u:<id>` or `t:<id>`: ids only, far under NOTIFY's 8,000-byte payload limit. */
export function encodeSessionChange(change: SessionChange): string {
  if ('session' in change) return `s:${change.session}`;
  if ('user' in change) return `u:${change.user}`;
  return `t:${change.tenant}`;
}

export function decodeSessionChange(payload: string): SessionChange | null {
  const id = payload.slice(2);
  if (id === '') return null;
  switch (payload.slice(0, 2)) {
    case 's:':
      return { session: id };
    case 'u:':
      return { user: id };
    case 't:':
      return { tenant: id };
    default:
      return null;
  }
}

/**
 * Tells every instance that cached sessions behind `change` are stale. Call it inside the
 * transaction that makes the change: PostgreSQL delivers the notification at commit, after the
 * change is visible, and a rollback sends nothing.
 */
export async function announceSessionChange(trx: Db, change: SessionChange): Promise<void> {
  localSessionChanges.getStore()?.expect(change);
  await sql`select pg_notify(${SESSIONS_CHANNEL}, ${encodeSessionChange(change)})`.execute(trx);
}
