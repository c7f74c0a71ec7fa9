import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { Actor } from '../../shared/actor.ts';
import { auditChange } from '../audit/audit.service.ts';
import { PASSWORD_LINK_TTL_SECONDS } from '../auth/password-links.service.ts';
import type { Mail } from '../mail/mailer.ts';
import type { NewMember } from './new-member.ts';
import type { InvitationDeps } from './send-invitation.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * Where the account holding an address belongs, whatever the case it was typed in: a tenant,
 * `null` for a super administrator, undefined when nobody has it.
 */
export async function accountTenantOf(db: Db, email: string): Promise<string | null | undefined> {
  const row = await db
    .selectFrom('users')
    .select('tenant_id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row ? row.tenant_id : undefined;
}

const noteMail = (to: string): Mail => ({
  to,
  subject: 'An invitation to Canopy could not be used',
  text:
    `An administrator of a Canopy organisation tried to invite ${to}, but this address ` +
    'already has a Canopy account, and an address belongs to one organisation only. Nothing ' +
    'about your account changed.\n\nIf you expected the invitation, ask them to invite another ' +
    'address of yours. If not, you can ignore this mail.\n',
});

/**
 * A tenant Admin invited an address that has an account in another tenant (or a super
 * administrator's). Telling them so would let any Admin learn who has an account anywhere, so the
 * answer is the one a new invitation gets: a person who looks invited. Nobody is created; the
 * address is mailed a note instead of a link (a mail that cannot be sent fails the same way an
 * invitation's does), and super administrators see the attempt in the audit log.
 */
export async function answerForeignInvitation(
  db: Db,
  deps: InvitationDeps,
  actor: Actor,
  member: NewMember,
): Promise<UserRecord> {
  const email = member.email.toLowerCase();
  await deps.mailer.send(noteMail(email)).catch((cause: unknown) => {
    deps.warn({ err: cause }, 'could not send an invitation note');
    throw new AppError('SERVICE_UNAVAILABLE');
  });
  await auditChange(db, actor, {
    action: 'user.invite_existing_account',
    tenantId: member.tenantId,
    details: { email, role: member.role },
  });
  return {
    id: randomUUID(),
    email,
    tenant_id: member.tenantId,
    is_super_admin: false,
    first_name: member.firstName,
    last_name: member.lastName,
    last_logged_in: null,
    invited: true,
    invitation_expires_at: new Date(Date.now() + PASSWORD_LINK_TTL_SECONDS.invite * 1000),
    roles: [member.role],
  };
}
