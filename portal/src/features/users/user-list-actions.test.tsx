import type { User } from '@canopy/portal-contract';
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UserListCard } from './components/user-list-card.tsx';
import { setupTestRoot } from '../../shared/testing/setup-test-root.ts';

const view = setupTestRoot();

const user = (id: string, email: string, role: 'Admin' | 'Viewer'): User => ({
  id,
  email,
  tenantId: 'tenant',
  roles: [{ name: role }],
  isSuperAdmin: false,
  lastLoggedIn: null,
  firstName: null,
  lastName: null,
  status: 'active',
  invitationExpiresAt: null,
});

function render(users: User[], selfId: string | null) {
  act(() =>
    view.root.render(
      <MemoryRouter>
        <UserListCard
          users={users}
          loading={false}
          pageSize={5}
          selfId={selfId}
          roleLabel={(u) => u.roles[0]?.name ?? 'Viewer'}
          showLastLoggedIn={false}
          canManage
          saving={false}
          empty={{ title: 'No users found', text: '' }}
          onSaveRole={() => undefined}
          onDelete={() => undefined}
        />
      </MemoryRouter>,
    ),
  );
}

const buttons = () =>
  [...view.container.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
const rowText = (email: string) =>
  [...view.container.querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(email))
    ?.textContent;

describe('user list: actions the server would refuse are not offered', () => {
  it('offers no Edit or Delete on the signed-in Admin’s own row, and says why', () => {
    render(
      [
        user('1', 'ann@x.test', 'Admin'),
        user('2', 'bob@x.test', 'Admin'),
        user('3', 'vic@x.test', 'Viewer'),
      ],
      '1',
    );
    expect(buttons()).not.toContain('Edit ann@x.test');
    expect(buttons()).not.toContain('Delete ann@x.test');
    expect(rowText('ann@x.test')).toContain('You');
    expect(buttons()).toEqual(
      expect.arrayContaining(['Edit bob@x.test', 'Delete bob@x.test', 'Delete vic@x.test']),
    );
  });

  it('offers nothing on the only Admin, even to a super admin', () => {
    render([user('1', 'ann@x.test', 'Admin'), user('3', 'vic@x.test', 'Viewer')], null);
    expect(buttons()).not.toContain('Delete ann@x.test');
    expect(buttons()).not.toContain('Edit ann@x.test');
    expect(rowText('ann@x.test')).toContain('Only Admin');
  });
});
