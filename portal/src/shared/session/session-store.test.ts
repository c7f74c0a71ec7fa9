import { afterEach, describe, expect, it } from 'vitest';
import { homePath } from './home-path.ts';
import { createSessionStore, restoreSession, SESSION_KEY, type Session } from './session-store.ts';

const tenantAdmin: Session = {
  id: '6a1f0d7e-8a55-4d8c-9d0d-0b5c1f0f3a11',
  email: 'ann@acme.com',
  type: 'tenant-user',
  roles: ['Admin'],
  tenantId: '0f6d1c9a-1d2b-4b8e-8f5e-6b0e2d1c3a22',
  theme: 'light',
  primaryColor: '#16a34a',
  token: 'token',
};
const store = (value: unknown) => {
  sessionStorage.setItem(SESSION_KEY, typeof value === 'string' ? value : JSON.stringify(value));
};

afterEach(() => sessionStorage.clear());

describe('session restore rules', () => {
  it('should restore a tenant user with a tenantId and a superadmin', () => {
    store(tenantAdmin);
    expect(restoreSession(sessionStorage)).toEqual(tenantAdmin);
    store({ ...tenantAdmin, type: 'superadmin', tenantId: null, roles: [] });
    expect(restoreSession(sessionStorage)?.type).toBe('superadmin');
  });

  it.each([
    ['no email', { ...tenantAdmin, email: '' }],
    ['no id', { ...tenantAdmin, id: undefined }],
    ['roles not a list', { ...tenantAdmin, roles: 'Admin' }],
    ['a tenant user without tenantId', { ...tenantAdmin, tenantId: null }],
    ['an unknown type', { ...tenantAdmin, type: 'guest' }],
    ['broken JSON', '{"email":'],
  ])('should clear a stored session with %s', (_, value) => {
    store(value);
    expect(restoreSession(sessionStorage)).toBeNull();
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('should keep the session in sessionStorage and clear it on sign-out with a reason', () => {
    const sessions = createSessionStore(sessionStorage);
    sessions.signIn(tenantAdmin);
    expect(JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? '')).toEqual(tenantAdmin);
    sessions.update({ theme: 'dark' });
    expect(createSessionStore(sessionStorage).restore()?.theme).toBe('dark');
    sessions.signOut('Session expired');
    expect(sessions.getState()).toEqual({ status: 'signed-out', reason: 'Session expired' });
    expect(sessionStorage.getItem(SESSION_KEY)).toBeNull();
  });

  it('should keep the first reason when requests in flight come back 401 after the sign-out', () => {
    const sessions = createSessionStore(sessionStorage);
    sessions.signIn(tenantAdmin);
    let changes = 0;
    sessions.subscribe(() => changes++);
    sessions.signOut('Your role was changed. Please sign in again.');
    sessions.signOut('Session expired');
    expect(sessions.getState()).toEqual({
      status: 'signed-out',
      reason: 'Your role was changed. Please sign in again.',
    });
    expect(changes).toBe(1);
  });

  it('should send super admins to /admin, Admins to /users, Viewers to /tenant/reports', () => {
    const signedIn = (session: Session) => ({ status: 'signed-in', session }) as const;
    expect(homePath(signedIn({ ...tenantAdmin, type: 'superadmin' }))).toBe('/admin');
    expect(homePath(signedIn(tenantAdmin))).toBe('/users');
    expect(homePath(signedIn({ ...tenantAdmin, roles: ['Viewer'] }))).toBe('/tenant/reports');
    expect(homePath(signedIn({ ...tenantAdmin, roles: [] }))).toBe('/login');
    expect(homePath({ status: 'signed-out' })).toBe('/login');
  });
});
