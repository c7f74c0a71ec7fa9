import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, type Session } from '../session/session-store.ts';
import { apiFetch } from './api-fetch.ts';

const viewer: Session = {
  id: '6a1f0d7e-8a55-4d8c-9d0d-0b5c1f0f3a11',
  email: 'vic@acme.com',
  type: 'tenant-user',
  roles: ['Viewer'],
  tenantId: '0f6d1c9a-1d2b-4b8e-8f5e-6b0e2d1c3a22',
  theme: 'light',
  primaryColor: '#16a34a',
  token: 'token',
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The browser's side of a session the server ended: the request answers 401, the refresh is refused
 * too, and the person is signed out with the message the server's refusal calls for. (fetch is
 * replaced here because no server runs in this tier; the server's answers are the ones of
 * server/test/routes/auth/role-change-sign-out.test.ts.)
 */
function serverAnswering(refusal: { code: string; error: string }) {
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string) =>
      Promise.resolve(
        path === '/api/auth/refresh' ? json(401, refusal) : json(401, { error: 'Unauthorized' }),
      ),
    ),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('signing out when the server ends the session', () => {
  it('says "Your role was changed…" after a role change, not "Session expired"', async () => {
    sessionStore.signIn(viewer);
    const message = 'Your role was changed. Please sign in again.';
    serverAnswering({ code: 'ROLE_CHANGED', error: message });
    await expect(apiFetch('/api/users/chat/x')).rejects.toThrow(message);
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', reason: message });
  });

  it('says "Session expired" for any other refusal', async () => {
    sessionStore.signIn(viewer);
    serverAnswering({ code: 'INVALID_REFRESH_TOKEN', error: 'Session expired' });
    await expect(apiFetch('/api/users/chat/x')).rejects.toThrow('Session expired');
    expect(sessionStore.getState()).toEqual({ status: 'signed-out', reason: 'Session expired' });
  });
});
