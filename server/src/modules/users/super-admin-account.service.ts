import type { Db } from '../../db/database.ts';
import { audit } from '../audit/audit.service.ts';
import { createSuperAdmin } from './bootstrap-admin.ts';
import { findLoginCandidate, setPasswordHash } from '../auth/login.repository.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/sessions.repository.ts';

export type SuperAdminOutcome = 'created' | 'reset' | 'tenant-user';

/**
 * The operator's way in (`create-admin`): creates a super administrator, or sets a new password
 * for an existing one (lockout cleared, every session ended). An email that belongs to a tenant's
 * member is left alone: promoting someone silently is not what an operator means by "create".
 * The password policy is the caller's to check (NewPassword).
 */
export async function provisionSuperAdmin(
  db: Db,
  email: string,
  password: string,
): Promise<SuperAdminOutcome> {
  const existing = await findLoginCandidate(db, email);
  if (existing && !existing.is_super_admin) return 'tenant-user';
  if (existing) {
    await setPasswordHash(db, existing.id, await hashPassword(password));
    await revokeAllSessions(db, existing.id);
    await audit(db, {
      action: 'auth.password_reset',
      actor: { userId: existing.id, email: existing.email },
      details: { via: 'create-admin' },
    });
    return 'reset';
  }
  const id = await createSuperAdmin(db, email, password);
  await audit(db, {
    action: 'user.create',
    actor: null,
    target: `user:${id}`,
    details: { via: 'create-admin', superAdmin: true, email },
  });
  return 'created';
}
