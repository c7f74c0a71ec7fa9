import {
  endpoints,
  type SecondFactorChallenge,
  type SecondFactorSignIn,
} from '@canopy/portal-contract';
import { call } from '../../../shared/api/api-client.ts';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { signWithPasskey } from '../../../shared/two-step/passkey-ceremony.ts';

/** Said on the password form when the second step can no longer be completed. */
export const STEP_EXPIRED =
  'Your sign-in took too long to finish. Enter your password again to start over.';

/**
 * The second step cannot go on: the ticket expired or was used up, or the account is now locked.
 * The sign-in page goes back to the password, saying `message`.
 */
export class StepEnded extends Error {
  override name = 'StepEnded';
}

/**
 * A refused step: 401 means the ticket is gone (expired or used); 403 is the organisation being
 * refused (deactivated); 429 is the account locking after too many wrong tries, which ends the
 * ticket too. Only a new password sign-in can help, so the page goes back to it with the server's
 * words. Anything else (a wrong code) stays on the step.
 */
function ended(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 401) return new StepEnded(STEP_EXPIRED);
  if (error instanceof ApiError && (error.status === 403 || error.status === 429))
    return new StepEnded(error.message);
  return error;
}

/** Completes sign-in with a code from the app or a recovery code. */
export async function verifyCode(
  challenge: SecondFactorChallenge,
  method: 'totp' | 'recovery-code',
  code: string,
): Promise<SecondFactorSignIn> {
  try {
    return await call(endpoints.verifySecondFactor, {
      body: { ticket: challenge.ticket, method, code },
      authenticated: false,
    });
  } catch (error) {
    throw ended(error);
  }
}

/** Completes sign-in with a passkey: the server's challenge, the browser's ceremony, the answer. */
export async function verifyPasskey(challenge: SecondFactorChallenge): Promise<SecondFactorSignIn> {
  try {
    const { options } = await call(endpoints.startPasskeySignIn, {
      body: { ticket: challenge.ticket },
      authenticated: false,
    });
    const credential = await signWithPasskey(options);
    return await call(endpoints.verifySecondFactor, {
      body: { ticket: challenge.ticket, method: 'passkey', credential },
      authenticated: false,
    });
  } catch (error) {
    throw ended(error);
  }
}
