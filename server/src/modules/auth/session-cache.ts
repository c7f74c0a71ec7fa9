import type { PrincipalRow } from './sessions.repository.ts';
import {
  encodeSessionChange,
  type LocalSessionChanges,
  type SessionChange,
} from './session-changes.ts';

export interface SessionCacheOptions {
  /** Whether change notifications are being received right now. */
  isLive: () => boolean;
  /** Most sessions kept; the least recently used one goes first. */
  maxEntries?: number;
  /** A safety net: an entry is read again after this long even if no change was announced. */
  maxAgeMs?: number;
  /** How long a change announced here (not yet committed) keeps its sessions out of the cache. */
  pendingMs?: number;
  now?: () => number;
}

interface Entry {
  row: PrincipalRow;
  cachedAt: number;
}

/**
 * Live sessions of this instance, so a request verifies its token without a database read.
 *
 * It only ever holds what the database said, and trusts it only while every change is heard of:
 * - every instance announces a change inside its transaction (announceSessionChange), and this
 *   instance evicts on the notification, so a revocation lands here within milliseconds;
 * - while notifications are not being received (a lost LISTEN connection), nothing is read from
 *   or written to the cache, and a gap empties it: requests read the database;
 * - a read that overlapped any notification is not stored (it may predate the change);
 * - a change made by this instance is known before it commits (`expect`): its sessions are kept
 *   out of the cache until its notification comes back, so the very next request here sees it;
 * - entries end with their session's own end, and after `maxAgeMs` in any case.
 */
export class SessionCache implements LocalSessionChanges {
  private readonly entries = new Map<string, Entry>();
  /** Session ids by person, to evict everything of one person. */
  private readonly byUser = new Map<string, Set<string>>();
  /** Changes announced here and not yet heard back: count and until when they hold. */
  private readonly pending = new Map<string, { count: number; until: number }>();
  /** Bumped by every change heard of: a read begun before one is not stored. */
  private version = 0;
  private readonly isLive: () => boolean;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly pendingMs: number;
  private readonly now: () => number;
  private readonly changeListeners: ((change: SessionChange) => void)[] = [];

  constructor(options: SessionCacheOptions) {
    this.isLive = options.isLive;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 30_000;
    this.pendingMs = options.pendingMs ?? 5_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** Where a database read starts: pass it to `store` with what the read returned. */
  get currentVersion(): number {
    return this.version;
  }

  /** The live session's person, or undefined when the database must be asked. */
  get(sessionId: string, userId: string): PrincipalRow | undefined {
    if (!this.isLive()) return undefined;
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    const now = this.now();
    if (
      entry.row.user_id !== userId ||
      now - entry.cachedAt > this.maxAgeMs ||
      now >= entry.row.session_expires_at.getTime() ||
      this.isPending(sessionId, entry.row, now)
    ) {
      this.delete(sessionId);
      return undefined;
    }
    // Least recently used goes first: a hit moves to the end.
    this.entries.delete(sessionId);
    this.entries.set(sessionId, entry);
    return entry.row;
  }

  /** What a database read begun at `versionBefore` returned for a live session. */
  store(sessionId: string, row: PrincipalRow, versionBefore: number): void {
    const now = this.now();
    if (!this.isLive() || versionBefore !== this.version || this.isPending(sessionId, row, now))
      return;
    this.delete(sessionId);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    this.entries.set(sessionId, { row, cachedAt: now });
    let sessions = this.byUser.get(row.user_id);
    if (!sessions) this.byUser.set(row.user_id, (sessions = new Set()));
    sessions.add(sessionId);
  }

  /** A change announced by this instance, before its transaction commits. */
  expect(change: SessionChange): void {
    const key = encodeSessionChange(change);
    const now = this.now();
    // Changes that never came back (rolled back) are dropped once they stop holding.
    if (this.pending.size > 100)
      for (const [other, held] of this.pending) if (held.until <= now) this.pending.delete(other);
    const held = this.pending.get(key);
    this.pending.set(key, { count: (held?.count ?? 0) + 1, until: now + this.pendingMs });
    this.evict(change);
  }

  /** Called after every committed change heard of (e.g. to end the event streams it concerns). */
  onChanged(listener: (change: SessionChange) => void): void {
    this.changeListeners.push(listener);
  }

  /** A committed change, as its notification says (from any instance, this one included). */
  changed(change: SessionChange): void {
    const key = encodeSessionChange(change);
    const held = this.pending.get(key);
    if (held && held.count > 1) held.count--;
    else this.pending.delete(key);
    this.evict(change);
    for (const listener of this.changeListeners) listener(change);
  }

  /** Notifications may have been missed: nothing cached can be trusted. */
  clear(): void {
    this.version++;
    this.entries.clear();
    this.byUser.clear();
  }

  private evict(change: SessionChange): void {
    this.version++;
    if ('session' in change) {
      this.delete(change.session);
    } else if ('user' in change) {
      for (const sessionId of this.byUser.get(change.user) ?? []) this.delete(sessionId);
    } else {
      // Rare (a tenant deactivated or deleted): a scan is simpler than another index.
      for (const [sessionId, entry] of this.entries)
        if (entry.row.tenant_id === change.tenant) this.delete(sessionId);
    }
  }

  private isPending(sessionId: string, row: PrincipalRow, now: number): boolean {
    if (this.pending.size === 0) return false;
    const keys = [
      encodeSessionChange({ session: sessionId }),
      encodeSessionChange({ user: row.user_id }),
    ];
    if (row.tenant_id) keys.push(encodeSessionChange({ tenant: row.tenant_id }));
    for (const key of keys) {
      const held = this.pending.get(key);
      if (!held) continue;
      // A change that never came back (rolled back) stops holding after `pendingMs`.
      if (held.until > now) return true;
      this.pending.delete(key);
    }
    return false;
  }

  private delete(sessionId: string): void {
    const entry = this.entries.get(sessionId);
    if (!entry) return;
    this.entries.delete(sessionId);
    const sessions = this.byUser.get(entry.row.user_id);
    sessions?.delete(sessionId);
    if (sessions?.size === 0) this.byUser.delete(entry.row.user_id);
  }
}
