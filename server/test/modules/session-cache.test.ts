import { describe, expect, it } from 'vitest';
import { SessionCache } from '../../src/modules/auth/session-cache.ts';
import type { PrincipalRow } from '../../src/modules/auth/sessions.repository.ts';

/** The cache's rules with a clock of our own; the wiring is tested across two instances. */
function setUp(options: { maxEntries?: number } = {}) {
  const clock = { now: 1_000_000, live: true };
  const cache = new SessionCache({
    isLive: () => clock.live,
    maxAgeMs: 30_000,
    pendingMs: 5_000,
    now: () => clock.now,
    ...options,
  });
  return { cache, clock };
}

const row = (userId: string, tenantId: string | null, endsAt = 2_000_000): PrincipalRow => ({
  user_id: userId,
  email: `${userId}@example.com`,
  tenant_id: tenantId,
  is_super_admin: tenantId === null,
  roles: ['Viewer'],
  session_expires_at: new Date(endsAt),
});

describe('SessionCache', () => {
  it('answers a stored session for its own person only, until its maximum age', () => {
    const { cache, clock } = setUp();
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    expect(cache.get('s1', 'u1')?.user_id).toBe('u1');
    expect(cache.get('s1', 'someone-else')).toBeUndefined();
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    clock.now += 30_001;
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it("never answers past the session's own end", () => {
    const { cache, clock } = setUp();
    cache.store('s1', row('u1', 't1', clock.now + 1000), cache.currentVersion);
    clock.now += 1000;
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const { cache } = setUp({ maxEntries: 2 });
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    cache.store('s2', row('u2', 't1'), cache.currentVersion);
    expect(cache.get('s1', 'u1')).toBeDefined(); // s2 is now the least recently used
    cache.store('s3', row('u3', 't1'), cache.currentVersion);
    expect(cache.size).toBe(2);
    expect(cache.get('s2', 'u2')).toBeUndefined();
    expect(cache.get('s1', 'u1')).toBeDefined();
  });

  it('evicts by session, by person and by tenant, and nothing else', () => {
    const { cache } = setUp();
    const fill = () => {
      cache.store('a1', row('a', 't1'), cache.currentVersion);
      cache.store('a2', row('a', 't1'), cache.currentVersion);
      cache.store('b1', row('b', 't1'), cache.currentVersion);
      cache.store('c1', row('c', 't2'), cache.currentVersion);
    };
    const held = () => ['a1', 'a2', 'b1', 'c1'].filter((s) => cache.get(s, s[0]!) !== undefined);
    fill();
    cache.changed({ session: 'a1' });
    expect(held()).toEqual(['a2', 'b1', 'c1']);
    fill();
    cache.changed({ user: 'a' });
    expect(held()).toEqual(['b1', 'c1']);
    fill();
    cache.changed({ tenant: 't1' });
    expect(held()).toEqual(['c1']);
  });

  it('does not store a read that overlapped a change (it may predate it)', () => {
    const { cache } = setUp();
    const version = cache.currentVersion;
    cache.changed({ user: 'unrelated' });
    cache.store('s1', row('u1', 't1'), version);
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it('neither answers nor stores while not live, and a gap empties it', () => {
    const { cache, clock } = setUp();
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    clock.live = false;
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.store('s2', row('u2', 't1'), cache.currentVersion);
    clock.live = true;
    expect(cache.get('s2', 'u2')).toBeUndefined();
    cache.store('s3', row('u3', 't1'), cache.currentVersion);
    cache.clear();
    expect(cache.get('s3', 'u3')).toBeUndefined();
  });

  it('holds a change made here out of the cache until its notification comes back', () => {
    const { cache } = setUp();
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    cache.expect({ user: 'u1' });
    expect(cache.get('s1', 'u1')).toBeUndefined();
    // A read while the change is not yet committed saw the old state: it must not be kept.
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    expect(cache.get('s1', 'u1')).toBeUndefined();
    cache.changed({ user: 'u1' });
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    expect(cache.get('s1', 'u1')).toBeDefined();
  });

  it('stops holding a change that never came back (rolled back) after pendingMs', () => {
    const { cache, clock } = setUp();
    cache.expect({ tenant: 't1' });
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    expect(cache.get('s1', 'u1')).toBeUndefined();
    clock.now += 5_001;
    cache.store('s1', row('u1', 't1'), cache.currentVersion);
    expect(cache.get('s1', 'u1')).toBeDefined();
  });
});
