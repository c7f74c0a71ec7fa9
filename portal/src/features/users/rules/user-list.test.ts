import type { User } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { applyListView } from '../../../shared/rules/list-view.ts';
import { USER_LIST_RULES } from './user-list.ts';

const person = (email: string, extra: Partial<User> = {}): User => {
  const defaults = {
    id: email,
    email,
    tenantId: null,
    roles: [{ name: 'Viewer' }],
    isSuperAdmin: false,
    lastLoggedIn: null,
    firstName: null,
    lastName: null,
    status: 'active' as const,
    invitationExpiresAt: null,
  };
  return { ...defaults, ...extra };
};
const people = [
  person('zoe@acme.test', { lastLoggedIn: '2026-11-20T10:00:00.000Z' }),
  person('ada@acme.test', { firstName: 'Ada', lastName: 'Lovelace', roles: [{ name: 'Admin' }] }),
  person('bob@acme.test', { lastLoggedIn: '2026-11-25T10:00:00.000Z' }),
];
const emails = (list: User[]) => list.map((user) => user.email);

describe('the user list view', () => {
  it('finds people by email, first name, last name or both', () => {
    for (const search of ['lovelace', 'ADA LOVE', 'ada@'])
      expect(emails(applyListView(people, { search, sort: null }, USER_LIST_RULES))).toEqual([
        'ada@acme.test',
      ]);
  });

  it('sorts by role, and by last sign-in with those who never signed in last', () => {
    const byRole = applyListView(
      people,
      { search: '', sort: { key: 'role', direction: 'asc' } },
      USER_LIST_RULES,
    );
    expect(emails(byRole)[0]).toBe('ada@acme.test');
    const recentFirst = applyListView(
      people,
      { search: '', sort: { key: 'lastLoggedIn', direction: 'desc' } },
      USER_LIST_RULES,
    );
    expect(emails(recentFirst)).toEqual(['bob@acme.test', 'zoe@acme.test', 'ada@acme.test']);
    const oldestFirst = applyListView(
      people,
      { search: '', sort: { key: 'lastLoggedIn', direction: 'asc' } },
      USER_LIST_RULES,
    );
    expect(emails(oldestFirst)).toEqual(['zoe@acme.test', 'bob@acme.test', 'ada@acme.test']);
  });
});
