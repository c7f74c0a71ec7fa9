import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './session-store.ts';
import { initSession } from './token-refresh.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('a cold start with no session anywhere', () => {
  it('asks the server once, takes its 204 as "signed out", with no message', async () => {
    // No server runs in this tier: the refresh answers as the server does without a cookie.
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetch);
    await initSession();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toContain('/api/auth/refresh');
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', reason: undefined });
  });
});
