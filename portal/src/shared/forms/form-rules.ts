import { NewPassword } from '@canopy/portal-contract';
import { z } from 'zod';

/** A text that must not be blank, in the form's own words ("Email is required"). */
export const filled = (message: string) => z.string().trim().min(1, message);

export const PASSWORDS_DONT_MATCH = "Passwords don't match";

/**
 * A new password (the server's policy, `NewPassword`) and its confirmation, which is judged only
 * once the password itself passes: one problem at a time, the password's first.
 */
export function confirmationMatches(
  form: { newPassword: string; confirmation: string },
  ctx: z.RefinementCtx,
) {
  if (!NewPassword.safeParse(form.newPassword).success) return;
  if (form.newPassword !== form.confirmation)
    ctx.addIssue({ code: 'custom', path: ['confirmation'], message: PASSWORDS_DONT_MATCH });
}
