import {
  Email,
  type BulkInviteOutcome,
  type BulkInviteRequest,
  type BulkInviteResponse,
  type User,
} from '@canopy/portal-contract';
import { AppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { adminTenantScope } from '../../shared/principal.ts';
import { sendInvitation } from './send-invitation.ts';
import { toUser } from './user-dto.ts';
import { deleteUser as deleteUserRow, findUser } from './users.repository.ts';
import { createUser, ensureAnotherAdmin, managedTarget, type UserDeps } from './users.service.ts';

/**
 * Mails an invited person a fresh invitation: the old link stops working, the new one has the full
 * seven days. Whoever may manage the person may do it (a super administrator; a tenant Admin for
 * their own tenant, anyone else's person is 404). Someone who already set a password: 409.
 */
export async function resendInvitation(
  deps: UserDeps,
  actor: Actor,
  userId: string,
): Promise<User> {
  const updated = await deps.db.transaction().execute(async (trx) => {
    const target = await managedTarget(trx, actor.principal, userId);
    if (!target.invited) throw new AppError('NOT_INVITED');
    // Inside the transaction: if the mail cannot be sent, the old link keeps working.
    await sendInvitation(trx, deps, { id: target.id, email: target.email });
    await auditChange(trx, actor, {
      action: 'user.invitation_resend',
      tenantId: target.tenant_id,
      target: `user:${target.id}`,
      details: { email: target.email },
    });
    const row = await findUser(trx, target.id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    return row;
  });
  return toUser(updated);
}

/**
 * Withdraws an invitation: the never-activated account is deleted with its links (they cascade),
 * so the link in the mail stops working. A tenant's only Admin stays, invited or not.
 */
export async function revokeInvitation(
  deps: Pick<UserDeps, 'db'>,
  actor: Actor,
  userId: string,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const target = await managedTarget(trx, actor.principal, userId);
    if (!target.invited) throw new AppError('NOT_INVITED');
    await ensureAnotherAdmin(trx, target);
    await deleteUserRow(trx, target.id);
    await auditChange(trx, actor, {
      action: 'user.invitation_revoke',
      tenantId: target.tenant_id,
      target: `user:${target.id}`,
      details: { email: target.email, roles: target.roles },
    });
  });
}

/**
 * Invites several people to one tenant with one role, each like a single invitation (its own
 * transaction and mail). An address that is not an email, or already someone's in this tenant
 * (`exists`), is reported and skipped, not a reason to refuse the others; the same address twice
 * is invited once. An address taken in another tenant answers like a new one for a tenant Admin
 * (createUser says why). A refusal of the whole request (a foreign tenant, no mail service) stops
 * at that point.
 */
export async function inviteMany(
  deps: UserDeps,
  actor: Actor,
  input: BulkInviteRequest,
): Promise<BulkInviteResponse> {
  adminTenantScope(actor.principal, input.tenantId);
  const results: BulkInviteResponse['results'] = [];
  const seen = new Set<string>();
  for (const raw of input.emails) {
    const parsed = Email.safeParse(raw);
    const email = parsed.success ? parsed.data : raw.trim();
    if (seen.has(email)) continue;
    seen.add(email);
    let outcome: BulkInviteOutcome = 'invalid';
    if (parsed.success) {
      try {
        await createUser(deps, actor, { email, tenantId: input.tenantId, role: input.role });
        outcome = 'created';
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'EMAIL_TAKEN')) throw error;
        outcome = 'exists';
      }
    }
    results.push({ email, outcome });
  }
  return { results };
}
