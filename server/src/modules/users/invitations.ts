import type { Db } from '../../db/database.ts';
import { hashSecret, newSecret } from '../auth/tokens.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

/** Sends a new account its set-password link (it has no password until it uses the link). */
export type SendInvitation = (
  deps: InvitationDeps,
  user: { id: string; email: string },
) => Promise<void>;

const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Interim sender until the auth module's `issuePasswordLink(deps, user, 'invite')` lands (issue 9
 * auth): the same token table and link shape, so /reset-password consumes it either way.
 */
export const sendInvitation: SendInvitation = async (deps, user) => {
  const token = newSecret();
  await deps.db
    .insertInto('password_tokens')
    .values({
      user_id: user.id,
      token_hash: hashSecret(token),
      purpose: 'invite',
      expires_at: new Date(Date.now() + INVITATION_TTL_MS),
    })
    .execute();
  const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: user.email,
    subject: 'You have been invited to Canopy',
    text: `An account has been created for you on Canopy.\n\nSet your password here (the link works once, for 7 days):\n${link}\n`,
  });
};
