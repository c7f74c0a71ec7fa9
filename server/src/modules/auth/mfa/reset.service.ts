import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../errors.ts';
import type { Actor } from '../../../shared/actor.ts';
import { isSuperAdmin } from '../../../shared/principal.ts';
import { auditChange } from '../../audit/audit.service.ts';
import type { Mail } from '../../mail/mailer.ts';
import { findPersonById } from '../login.repository.ts';
import { revokeAllSessions } from '../sessions.repository.ts';
import { deleteAllFactors } from './factors.repository.ts';

/**
 * An administrator removes a person's second factors (a lost phone, a lost security key): their
 * app, passkeys, recovery codes and any second step under way go, every session of theirs ends,
 * and the reset is audited. A tenant Admin may reset their own tenant's people; a super
 * administrator anyone, other super administrators included. Nobody resets their own here (My
 * account is where one changes one's own factors). Someone the caller may not manage is the
 * same 404 as nobody, so ids reveal nothing. Returns the address to tell.
 */
export async function resetSecondFactors(
  db: Db,
  actor: Actor,
  userId: string,
): Promise<{ email: string }> {
  const { principal } = actor;
  return db.transaction().execute(async (trx) => {
    const target = await findPersonById(trx, userId);
    const mayManage =
      target !== undefined &&
      (isSuperAdmin(principal) ||
        (!target.is_super_admin && target.tenant_id === principal.tenantId));
    if (!target || !mayManage) throw new AppError('USER_NOT_FOUND');
    if (target.id === principal.userId) throw new AppError('CANNOT_CHANGE_SELF');
    const removed = await deleteAllFactors(trx, target.id);
    await revokeAllSessions(trx, target.id);
    await auditChange(trx, actor, {
      action: 'user.mfa_reset',
      tenantId: target.tenant_id,
      target: `user:${target.id}`,
      details: {
        email: target.email,
        totp: removed.totp,
        passkeys: removed.passkeys,
        recoveryCodes: removed.recoveryCodes,
      },
    });
    return { email: target.email };
  });
}

/** Tells the person their second factors were reset: if they did not ask for it, they should say. */
export const secondFactorsResetMail = (to: string): Mail => ({
  to,
  subject: 'Your Canopy two-step verification was reset',
  text:
    'An administrator removed the two-step verification methods of your Canopy account (the ' +
    'authenticator app, passkeys and recovery codes), and every session of the account was ' +
    'signed out.\n\nSign in with your password and set up two-step verification again on ' +
    'My account. If you did not ask for this, tell your administrator.\n',
});
