import type { PasswordLinkStatus } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { audit } from '../audit/audit.service.ts';
import { findUser } from './users.repository.ts';
import type { RequestMeta } from '../auth/login.service.ts';
import { issuePasswordLink, type PasswordLinkDeps } from '../auth/password-links.service.ts';
import { countPasswordTokensSince, findPasswordToken } from '../auth/password-tokens.repository.ts';
import { hashSecret } from '../auth/tokens.ts';

/** At most this many invitation mails per person per hour, however they are asked for. */
export const INVITATION_MAILS_PER_HOUR = 3;

/**
 * What the holder of a mailed link may know about it before using it: whether it still works and
 * whether it is an invitation (so the page offers the right way to get a new one). Only someone
 * with the secret token can ask, so it says nothing about anyone else.
 */
export async function passwordLinkStatus(db: Db, token: string): Promise<PasswordLinkStatus> {
  const row = await findPasswordToken(db, hashSecret(token));
  return { usable: row?.usable ?? false, purpose: row?.purpose ?? null };
}

/**
 * The mail side of "send me a new invitation", given the expired (or replaced) invitation link.
 * The route has answered the same neutral message before this runs, so whether anything is sent
 * — an unknown token, a reset link, someone already active or deleted, too many mails this hour —
 * shows neither in the answer nor in its timing. Only the person the invitation was for receives
 * the new link, at the address on their account.
 */
export async function renewInvitation(
  deps: PasswordLinkDeps,
  token: string,
  meta: RequestMeta,
): Promise<void> {
  const { db } = deps;
  const link = await findPasswordToken(db, hashSecret(token));
  const person = link?.purpose === 'invite' ? await findUser(db, link.user_id) : undefined;
  if (!person?.invited) {
    await audit(db, {
      action: 'auth.invitation_renewal_requested',
      ip: meta.ip,
      details: { sent: false, reason: 'not an open invitation' },
    });
    return;
  }
  const actor = { userId: person.id, email: person.email };
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  const recent = await countPasswordTokensSince(db, person.id, 'invite', hourAgo);
  const sent = recent < INVITATION_MAILS_PER_HOUR;
  if (sent) await issuePasswordLink(deps, { id: person.id, email: person.email }, 'invite');
  await audit(db, {
    action: 'auth.invitation_renewal_requested',
    actor,
    tenantId: person.tenant_id,
    ip: meta.ip,
    details: sent ? { sent } : { sent, reason: 'too many requests' },
  });
}
