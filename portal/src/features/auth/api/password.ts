import { endpoints } from '@canopy/portal-contract';
import { call } from '../../../shared/api/api-client.ts';
import { ApiError } from '../../../shared/api/api-fetch.ts';

/** The forgot and reset password texts, for when the server gives no message of its own. */
export const PASSWORD_MESSAGES = {
  neutral: 'If an account with that email exists, a reset link has been sent',
  sendFailed: 'Failed to send reset link',
  sendNetwork: 'Network error while sending reset link',
  resetDone: 'Password reset successfully! You can now log in.',
  resetFailed: 'Failed to reset password',
} as const;

/** Always resolves to the neutral message when the server answers OK (it never tells who exists). */
export async function requestPasswordReset(email: string): Promise<string> {
  try {
    await call(endpoints.requestPasswordReset, { body: { email }, authenticated: false });
    return PASSWORD_MESSAGES.neutral;
  } catch (error) {
    if (error instanceof ApiError && error.status === 0)
      throw new Error(PASSWORD_MESSAGES.sendNetwork, { cause: error });
    throw new Error(
      error instanceof ApiError && !error.message.startsWith('Request failed')
        ? error.message
        : PASSWORD_MESSAGES.sendFailed,
      { cause: error },
    );
  }
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await call(endpoints.resetPassword, { body: { token, newPassword }, authenticated: false });
  } catch (error) {
    throw new Error(
      error instanceof ApiError && error.status > 0 && !error.message.startsWith('Request failed')
        ? error.message
        : PASSWORD_MESSAGES.resetFailed,
      { cause: error },
    );
  }
}

/** Whether the link in the address still works, and what it is for (an invitation or a reset). */
export const passwordLinkStatus = (token: string) =>
  call(endpoints.getPasswordLinkStatus, { body: { token }, authenticated: false });

/** Asks for a new invitation mail with an expired one; the answer is the same whatever happens. */
export const renewInvitation = async (token: string) =>
  (await call(endpoints.renewInvitation, { body: { token }, authenticated: false })).message;
