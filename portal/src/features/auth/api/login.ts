import type { SignInResponse } from '@canopy/portal-contract';
import { ApiError } from '../../../shared/api/api-fetch.ts';

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
 * The typed client and the endpoint table load on submit, not with the form: their schema library
 * is not part of the /login JavaScript budget (bench/RESULTS.md).
 */
const loadClient = () =>
  Promise.all([import('../../../shared/api/api-client.ts'), import('@canopy/portal-contract')]);

/**
 * Signs in (`endpoints.signIn`). `remember` asks for a session that outlives the browser; without
 * it the server sets a session cookie. The answer is a session, or for a person with a second
 * factor the ticket of the second step (`step: 'second-factor'`). Errors carry the text to show
 * (server message, else the fallbacks).
 */
export async function login(
  email: string,
  password: string,
  remember: boolean,
): Promise<SignInResponse> {
  const client = await loadClient().catch(() => null);
  if (!client) throw new LoginError(LOGIN_MESSAGES.other);
  const [{ call }, { endpoints }] = client;
  try {
    return await call(endpoints.signIn, {
      body: { email, password, remember },
      authenticated: false,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      throw new LoginError(
        error.message.startsWith('Request failed') ? LOGIN_MESSAGES.failed : error.message,
      );
    if (error instanceof ApiError) throw new LoginError(error.message);
    // Anything else is the answer failing the schema: not a whole signed-in person (email, id,
    // roles…), so "incomplete data".
    throw new LoginError(LOGIN_MESSAGES.incomplete);
  }
}
