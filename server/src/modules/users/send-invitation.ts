import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { issuePasswordLink } from '../auth/password-links.service.ts';
import type { Mailer } from '../mail/mailer.ts';

export interface InvitationDeps {
  mailer: Mailer;
  publicUrl: string;
  /** Where a failed invitation mail's cause goes (the request's logger). */
  warn: (details: Record<string, unknown>, message: string) => void;
}

/**
 * Mails a person a fresh invitation link, inside the caller's transaction: a failure to send
 * becomes 503 SERVICE_UNAVAILABLE (the cause goes to the log) and the transaction rolls back, so no
 * account is kept whose invitation never left, and a re-sent link does not replace a working one.
 */
export async function sendInvitation(
  trx: Db,
  deps: InvitationDeps,
  person: { id: string; email: string },
): Promise<void> {
  const mailer: Mailer = {
    send: (mail) =>
      deps.mailer.send(mail).catch((cause: unknown) => {
        deps.warn({ err: cause }, 'could not send an invitation mail');
        throw new AppError('SERVICE_UNAVAILABLE');
      }),
  };
  await issuePasswordLink({ db: trx, mailer, publicUrl: deps.publicUrl }, person, 'invite');
}
