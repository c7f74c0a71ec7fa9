import { describe, expect, it } from 'vitest';
import {
  avatarInitials,
  initialEditRole,
  isAdminRole,
  nameFromEmail,
  superAdminRoleLabel,
  tenantRoleLabel,
} from './roles.ts';

describe('role display rules', () => {
  it('should comma-join role names on the super admin screen', () => {
    const user = { isSuperAdmin: false, roles: [{ name: 'Admin' }, { name: 'Viewer' }] };
    expect(superAdminRoleLabel(user)).toBe('Admin, Viewer');
  });

  it('should fall back to Admin for a super admin without roles, else Viewer', () => {
    expect(superAdminRoleLabel({ isSuperAdmin: true, roles: [] })).toBe('Admin');
    expect(superAdminRoleLabel({ isSuperAdmin: false, roles: [] })).toBe('Viewer');
  });

  it('should show "No roles" on the tenant screen when roles is not a list', () => {
    expect(tenantRoleLabel(undefined)).toBe('No roles');
    expect(tenantRoleLabel('Admin')).toBe('No roles');
  });

  it('should show the first role name on the tenant screen, default Viewer', () => {
    expect(tenantRoleLabel([{ name: 'Admin' }, { name: 'Viewer' }])).toBe('Admin');
    expect(tenantRoleLabel([])).toBe('Viewer');
    expect(tenantRoleLabel([{}])).toBe('Viewer');
  });

  it('should preselect the first current role or Viewer when editing', () => {
    expect(initialEditRole([{ name: 'Admin' }])).toBe('Admin');
    expect(initialEditRole([])).toBe('Viewer');
  });

  it('should treat Admin and admin as admin', () => {
    expect(isAdminRole(['admin'])).toBe(true);
    expect(isAdminRole(['Admin'])).toBe(true);
    expect(isAdminRole(['Viewer'])).toBe(false);
  });

  it('should derive a name and initials from the email', () => {
    expect(nameFromEmail('jane.doe@acme.com')).toBe('Jane Doe');
    expect(nameFromEmail('ops_team-lead@acme.com')).toBe('Ops Team Lead');
    expect(avatarInitials('jane.doe@acme.com')).toBe('JA');
    // Letters and digits only: no punctuation in an avatar.
    expect(avatarInitials('a.b@acme.com')).toBe('AB');
    expect(avatarInitials('_x9@acme.com')).toBe('X9');
    expect(avatarInitials('..@acme.com')).toBe('..');
  });
});
