import type { TokenCipher } from '../../../shared/token-cipher.ts';
import type { SessionDeps } from '../session.service.ts';
import type { RelyingParty } from './webauthn.ts';

/** What two-step verification needs, built once at start-up (auth-plugin.ts). */
export interface MfaDeps extends SessionDeps {
  /** Authenticator-app secrets are encrypted with the key integration tokens use. */
  cipher: TokenCipher;
  relyingParty: RelyingParty;
  /** Super administrators must use a second factor (CANOPY_REQUIRE_MFA_SUPERADMINS). */
  superAdminsMustUse: boolean;
}
