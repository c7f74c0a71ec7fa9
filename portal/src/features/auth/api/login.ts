import type { SignedInPerson } from '@canopy/portal-contract';
import { ApiError, apiFetch } from '../../../shared/api/api-fetch.ts';

/** What the sign-in form says when the server gives no message of its own. */
export const LOGIN_MESSAGES = {
  failed: 'Login failed',
  incomplete: 'Authentication failed: incomplete data',
  other: 'Login error. Try again.',
} as const;

export class LoginError extends Error {
  override name = 'LoginError';
}

/**
 * POST /api/auth/login. `remember` asks for a session that outlives the browser; without it the
 * server sets a session cookie. Errors carry the text to show (server message, else the fallbacks).
 */
export async function login(
  email: string,
  password: string,
  remember: boolean,
): Promise<SignedInPerson> {
  let body: unknown;
  try {
    body = await apiFetch('/api/auth/login', {
      method: 'POST',
      body: { email, password, remember },
      authenticated: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      throw new LoginError(
        error.message.startsWith('Request failed') ? LOGIN_MESSAGES.failed : error.message,
      );
    throw new LoginError(error instanceof ApiError ? error.message : LOGIN_MESSAGES.other);
  }
  // The schema library loads after the form is on screen: it is not part of the /login budget.
  const parsed = await import('@canopy/portal-contract').then(
    (contract) => contract.SignedInPerson.safeParse(body),
    () => null,
  );
  if (!parsed) throw new LoginError(LOGIN_MESSAGES.other);
  // An answer that is not a whole signed-in person (email, id, roles…) is "incomplete data".
  if (!parsed.success) throw new LoginError(LOGIN_MESSAGES.incomplete);
  return parsed.data;
}
