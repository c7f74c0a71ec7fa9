import { AppError } from '../../errors.ts';
import type { Mailer } from '../mail/mailer.ts';

/**
 * The mailer for invitations sent while an account is being created or re-invited: a failure
 * becomes 503 SERVICE_UNAVAILABLE (the cause goes to the log), and the caller's transaction rolls
 * back, so no account is kept whose invitation never left.
 */
export const invitationMailer = (deps: {
  mailer: Mailer;
  warn: (details: Record<string, unknown>, message: string) => void;
}): Mailer => ({
  send: (mail) =>
    deps.mailer.send(mail).catch((cause: unknown) => {
      deps.warn({ err: cause }, 'could not send an invitation mail');
      throw new AppError('SERVICE_UNAVAILABLE');
    }),
});
