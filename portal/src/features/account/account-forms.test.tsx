import type { User } from '@canopy/portal-contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../shared/api/query-client.ts';
import { sessionStore } from '../../shared/session/session-store.ts';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';
import { NameForm } from './components/name-form.tsx';
import { PasswordForm } from './components/password-form.tsx';

const view = setupTestRoot();

// Only what the forms read; asserted, so fields added to User later need no change here.
const ACCOUNT = {
  id: '11111111-1111-4111-8111-111111111111',
  email: 'vic.viewer@acme.test',
  tenantId: '22222222-2222-4222-8222-222222222222',
  roles: [{ name: 'Viewer' }],
  isSuperAdmin: false,
  lastLoggedIn: null,
  firstName: null,
  lastName: null,
  status: 'active',
  invitationExpiresAt: null,
} as User;

/** No server runs in this tier: every request is recorded and answered with `answer`. */
let requests: { url: string; method: string; body: unknown }[];
let answer: { status: number; body: unknown };
beforeEach(() => {
  requests = [];
  answer = { status: 200, body: {} };
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      requests.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(init.body as string) : undefined,
      });
      return Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  act(() =>
    sessionStore.signIn({
      ...ACCOUNT,
      type: 'tenant-user',
      roles: ['Viewer'],
      theme: null,
      primaryColor: null,
      token: 't',
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const render = (node: React.ReactNode) =>
  act(() =>
    view.root.render(
      <QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>,
    ),
  );

/** The input labelled `label` (labels name inputs, as people see them). */
function field(label: string): HTMLInputElement {
  const match = [...view.container.querySelectorAll('label')].find((l) => l.textContent === label);
  const input =
    match && view.container.querySelector<HTMLInputElement>(`#${CSS.escape(match.htmlFor)}`);
  if (!input) throw new Error(`no field labelled ${label}`);
  return input;
}
const type = (label: string, value: string) =>
  act(() => {
    const input = field(label);
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
const submit = () => act(() => view.container.querySelector('form')!.requestSubmit());
/** The error shown under a field (linked to it by aria-describedby). */
const errorOf = (label: string) => {
  const id = field(label).getAttribute('aria-describedby');
  const node = id ? view.container.querySelector(`#${CSS.escape(id)}`) : null;
  return node?.classList.contains('field__error') ? node.textContent : null;
};

describe('Display name form', () => {
  it('asks for both names when only one is given, and sends nothing', () => {
    render(<NameForm account={ACCOUNT} />);
    type('First name', 'Ada');
    submit();
    expect(errorOf('Last name')).toBe('Enter both a first and a last name, or leave both empty');
    expect(errorOf('First name')).toBeNull();
    expect(requests).toEqual([]);
  });

  it('refuses a name over 100 characters', () => {
    render(<NameForm account={ACCOUNT} />);
    type('First name', 'A'.repeat(101));
    type('Last name', 'Lovelace');
    submit();
    expect(errorOf('First name')).toBe('Must be at most 100 characters');
    expect(requests).toEqual([]);
  });

  it('saves a valid name and puts it in the session (the top bar reads it from there)', async () => {
    render(<NameForm account={ACCOUNT} />);
    type('First name', '  Ada ');
    type('Last name', 'Lovelace');
    answer = { status: 200, body: { ...ACCOUNT, firstName: 'Ada', lastName: 'Lovelace' } };
    submit();
    await act(() =>
      vi.waitFor(() => {
        const state = sessionStore.getState();
        expect(state.status === 'signed-in' && state.session.firstName).toBe('Ada');
      }),
    );
    expect(requests[0]).toEqual({
      url: '/api/account',
      method: 'PATCH',
      body: { firstName: '  Ada ', lastName: 'Lovelace' },
    });
  });
});

describe('Change password form', () => {
  it.each([
    ['', 'Fresh-Secret-1', 'Fresh-Secret-1', 'Current password', 'Enter your current password'],
    ['old', 'Short1', 'Short1', 'New password', 'Must be at least 8 characters'],
    ['old', 'lowercase-1', 'lowercase-1', 'New password', 'Must contain an uppercase letter'],
    ['old', 'No-Digits-Here', 'No-Digits-Here', 'New password', 'Must contain a number'],
    ['old', 'Fresh-Secret-1', 'Fresh-Secret-2', 'Confirm new password', "Passwords don't match"],
  ])(
    'current %j, new %j, confirmation %j: %s says %j',
    (current, next, confirmation, label, message) => {
      render(<PasswordForm email={ACCOUNT.email} />);
      type('Current password', current);
      type('New password', next);
      type('Confirm new password', confirmation);
      submit();
      expect(errorOf(label)).toBe(message);
      expect(requests).toEqual([]);
    },
  );

  it('shows a wrong current password under its field, and keeps the person signed in', async () => {
    render(<PasswordForm email={ACCOUNT.email} />);
    type('Current password', 'Not-It-1');
    type('New password', 'Fresh-Secret-1');
    type('Confirm new password', 'Fresh-Secret-1');
    answer = {
      status: 400,
      body: { code: 'WRONG_PASSWORD', error: 'Your current password is not correct' },
    };
    submit();
    await act(() =>
      vi.waitFor(() =>
        expect(errorOf('Current password')).toBe('Your current password is not correct'),
      ),
    );
    expect(requests[0]).toMatchObject({
      url: '/api/account/password',
      body: { currentPassword: 'Not-It-1', newPassword: 'Fresh-Secret-1' },
    });
    expect(sessionStore.getState().status).toBe('signed-in');
  });
});
