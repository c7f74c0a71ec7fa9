import type { RoleName } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import type { Actor } from '../../shared/actor.ts';
import { auditChange } from '../audit/audit.service.ts';
import { sendInvitation, type InvitationDeps } from './send-invitation.ts';
import { insertInvitedUser, setRole } from './users.repository.ts';

/** A person added to a tenant by invitation: a new member, or a new tenant's first Admin. */
export interface NewMember {
  email: string;
  tenantId: string;
  firstName: string | null;
  lastName: string | null;
  role: RoleName;
}

/**
 * The first step of a new member: their account, with no password yet, and their role. Throws the
 * database's unique violation when the email is already someone's (the caller names the error).
 */
export async function addMember(trx: Db, member: NewMember): Promise<string> {
  const id = await insertInvitedUser(trx, member);
  await setRole(trx, id, member.role);
  return id;
}

/**
 * The last step, in the same transaction: the invitation mail and the audit entry. Last, so a mail
 * goes out only when everything else has worked, and a mail that cannot be sent undoes it all.
 */
export async function inviteMember(
  trx: Db,
  deps: InvitationDeps,
  actor: Actor,
  member: NewMember & { id: string },
): Promise<void> {
  await sendInvitation(trx, deps, { id: member.id, email: member.email });
  await auditChange(trx, actor, {
    action: 'user.create',
    tenantId: member.tenantId,
    target: `user:${member.id}`,
    details: { email: member.email, role: member.role },
  });
}
