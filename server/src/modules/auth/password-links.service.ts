import type { Db } from '../../db/database.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import {
  insertPasswordToken,
  invalidateOpenPasswordTokens,
  type PasswordTokenPurpose,
} from './password-tokens.repository.ts';
import { hashSecret, newSecret } from './tokens.ts';

/** How long a mailed link works: a reset is asked for by the person now; an invitation may wait. */
export const PASSWORD_LINK_TTL_SECONDS: Record<PasswordTokenPurpose, number> = {
  reset: 30 * 60,
  invite: 7 * 24 * 60 * 60,
};

export interface PasswordLinkDeps {
  db: Db;
  mailer: Mailer;
  /** CANOPY_PUBLIC_URL: links are built from configuration, never from request headers. */
  publicUrl: string;
}

/** The SPA page that takes the token (/reset-password); it posts it to reset-password. */
export const passwordLinkUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;

function mailFor(purpose: PasswordTokenPurpose, to: string, link: string): Mail {
  if (purpose === 'invite') {
    return {
      to,
      subject: 'You have been invited to Canopy',
      text:
        `An administrator has created a Canopy account for you (${to}).\n\n` +
        `Choose your password here to activate it (the link works once, for 7 days):\n${link}\n\n` +
        'If you did not expect this invitation, you can ignore this mail.\n',
    };
  }
  return {
    to,
    subject: 'Reset your Canopy password',
    text:
      'Someone asked to reset the password of your Canopy account.\n\n' +
      `Choose a new password here (the link works once, for 30 minutes):\n${link}\n\n` +
      'If it was not you, ignore this mail: your password stays as it is.\n',
  };
}

/**
 * Creates a single-use set-password link for a person and mails it: a password reset, or the
 * invitation a new account receives instead of a password. Only the token's hash is stored, and
 * an older open link of the same purpose stops working; the two kinds are separate, so asking for
 * a reset never voids an invitation. POST /api/auth/reset-password consumes both.
 */
export async function issuePasswordLink(
  deps: PasswordLinkDeps,
  user: { id: string; email: string },
  purpose: PasswordTokenPurpose,
): Promise<void> {
  const token = newSecret();
  const expiresAt = new Date(Date.now() + PASSWORD_LINK_TTL_SECONDS[purpose] * 1000);
  const store = async (db: Db) => {
    await invalidateOpenPasswordTokens(db, user.id, purpose);
    await insertPasswordToken(db, {
      user_id: user.id,
      token_hash: hashSecret(token),
      purpose,
      expires_at: expiresAt,
    });
  };
  // Callers inside a transaction (user creation) keep it; otherwise the two writes get their own.
  if (deps.db.isTransaction) await store(deps.db);
  else await deps.db.transaction().execute(store);
  await deps.mailer.send(mailFor(purpose, user.email, passwordLinkUrl(deps.publicUrl, token)));
}
