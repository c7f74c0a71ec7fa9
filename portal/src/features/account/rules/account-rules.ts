import { UpdateNameRequest } from '@canopy/portal-contract';
import { validateNewPassword } from '../../../shared/rules/validation.ts';

export interface NameErrors {
  firstName?: string;
  lastName?: string;
}

/**
 * The server's own rule for a display name (the shared schema), checked before sending: trimmed,
 * 1 to 100 characters each, both or neither. The first message of each field is shown under it.
 */
export function validateName(firstName: string, lastName: string): NameErrors {
  const result = UpdateNameRequest.safeParse({ firstName, lastName });
  if (result.success) return {};
  const errors: NameErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'firstName' || field === 'lastName') && !errors[field])
      errors[field] = issue.message;
  }
  return errors;
}

export interface PasswordChangeErrors {
  currentPassword?: string;
  newPassword?: string;
  confirmation?: string;
}

/**
 * Change password: the current one must be typed; the new one follows the reset page's rules in
 * the same order (length, uppercase, digit, then the confirmation), with the same messages.
 */
export function validatePasswordChange(
  currentPassword: string,
  newPassword: string,
  confirmation: string,
): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!currentPassword) errors.currentPassword = 'Enter your current password';
  const rule = validateNewPassword(newPassword, confirmation);
  if (rule === "Passwords don't match") errors.confirmation = rule;
  else if (rule) errors.newPassword = rule;
  return errors;
}
