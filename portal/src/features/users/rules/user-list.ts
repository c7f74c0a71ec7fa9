import type { User } from '@canopy/portal-contract';
import type { SortChoice } from '../../../shared/ui/sort-select.tsx';
import {
  compareOptional,
  compareText,
  directed,
  type ListRules,
} from '../../../shared/rules/list-view.ts';

export const USER_SORT_KEYS = ['email', 'role', 'lastLoggedIn'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];

const firstRole = (user: User) => user.roles[0]?.name ?? '';
const signedIn = compareOptional((a: string, b: string) => Date.parse(a) - Date.parse(b));

/**
 * People are found by email or by the name they set; the columns sort by what they show. Someone
 * who never signed in sorts after everyone who did, in both directions.
 */
export const USER_LIST_RULES: ListRules<User, UserSortKey> = {
  searchText: (user) => [
    user.email,
    user.firstName,
    user.lastName,
    [user.firstName, user.lastName].filter(Boolean).join(' '),
  ],
  compare: {
    email: directed((a, b) => compareText(a.email, b.email)),
    role: directed((a, b) => compareText(firstRole(a), firstRole(b))),
    lastLoggedIn: (a, b, direction) => signedIn(a.lastLoggedIn, b.lastLoggedIn, direction),
  },
};

/** The phone's sort choices (its stacked table shows no headers); Last Logged In only where shown. */
export const userSortChoices = (withLastLoggedIn: boolean): SortChoice<UserSortKey>[] => [
  { key: 'email', asc: 'Email A–Z', desc: 'Email Z–A' },
  { key: 'role', asc: 'Role A–Z', desc: 'Role Z–A' },
  ...(withLastLoggedIn
    ? [
        {
          key: 'lastLoggedIn' as const,
          asc: 'Last logged in, oldest first',
          desc: 'Last logged in, newest first',
        },
      ]
    : []),
];
