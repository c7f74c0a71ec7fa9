import type { User } from '@canopy/portal-contract';
import type { UserRecord } from './users.repository.ts';

export const toUser = (row: UserRecord): User => ({
  id: row.id,
  email: row.email,
  tenantId: row.tenant_id,
  roles: row.roles.map((name) => ({ name })),
  isSuperAdmin: row.is_super_admin,
  lastLoggedIn: row.last_logged_in?.toISOString() ?? null,
  firstName: row.first_name,
  lastName: row.last_name,
  status: row.invited ? 'invited' : 'active',
  invitationExpiresAt: row.invitation_expires_at?.toISOString() ?? null,
});
