import type { User } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { tenantRefusal, userActions } from './rules/user-actions.ts';

const person = (id: string, role: 'Admin' | 'Viewer'): Pick<User, 'id' | 'roles'> => ({
  id,
  roles: [{ name: role }],
});

describe('which row actions the user list offers', () => {
  const ann = person('ann', 'Admin');
  const bob = person('bob', 'Admin');
  const vic = person('vic', 'Viewer');

  it('offers nothing on your own row', () => {
    expect(userActions(ann, [ann, bob, vic], 'ann')).toEqual({
      edit: false,
      delete: false,
      resetMfa: false,
      note: 'You',
    });
  });

  it('offers only the two-step reset on the only Admin of the tenant', () => {
    expect(userActions(ann, [ann, vic], null)).toMatchObject({
      edit: false,
      delete: false,
      resetMfa: true,
    });
  });

  it('offers Edit, Delete and the reset on an Admin who has a fellow Admin, and on a Viewer', () => {
    const all = { edit: true, delete: true, resetMfa: true };
    expect(userActions(ann, [ann, bob, vic], 'bob')).toEqual(all);
    expect(userActions(vic, [ann, vic], 'ann')).toEqual(all);
  });
});

describe("which changes a tenant member's User Management refuses", () => {
  it('refuses everything without a tenant', () => {
    expect(tenantRefusal('create', null, true)).toBe('No tenant context found');
    expect(tenantRefusal('delete', '', false)).toBe('No tenant context found');
  });

  it('refuses a Viewer each change with its own words', () => {
    expect(tenantRefusal('create', 't', false)).toBe('You do not have permission to create users');
    expect(tenantRefusal('edit', 't', false)).toBe('You do not have permission to edit user roles');
    expect(tenantRefusal('delete', 't', false)).toBe('You do not have permission to delete users');
  });

  it('lets an Admin of the tenant go ahead', () => {
    expect(tenantRefusal('edit', 't', true)).toBeUndefined();
  });
});
