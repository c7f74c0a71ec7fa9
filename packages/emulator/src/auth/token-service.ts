import { randomUUID } from 'node:crypto';
import { EmulatorError } from '../errors.ts';
import type { AppTokenClaims, EmbedGrant, EmbedTokenClaims, TokenClaims } from './claims.ts';
import { signJwt, verifyJwt } from './jwt.ts';

/** The audience Entra puts in tokens for the analytics API. */
export const analyticsAudience = 'https://analysis.windows.net/powerbi/api';

export interface IssuedToken {
  token: string;
  tokenId: string;
  /** Expiry in epoch seconds. */
  exp: number;
}

/** Issues and verifies the emulator's tokens; one secret per emulator instance. */
export class TokenService {
  constructor(
    private readonly secret: string,
    readonly issuer: string,
    private readonly tenantId: string,
    private readonly nowMs: () => number,
  ) {}

  nowSeconds(): number {
    return Math.floor(this.nowMs() / 1000);
  }

  issueAppToken(clientId: string, lifetimeSeconds: number): IssuedToken {
    const iat = this.nowSeconds();
    const claims: AppTokenClaims = {
      typ: 'app',
      iss: this.issuer,
      sub: clientId,
      appid: clientId,
      tid: this.tenantId,
      aud: analyticsAudience,
      iat,
      exp: iat + lifetimeSeconds,
      jti: randomUUID(),
    };
    return { token: signJwt(claims, this.secret), tokenId: claims.jti, exp: claims.exp };
  }

  issueEmbedToken(principal: string, grant: EmbedGrant, exp: number): IssuedToken {
    const claims: EmbedTokenClaims = {
      typ: 'embed',
      iss: this.issuer,
      sub: principal,
      iat: this.nowSeconds(),
      exp,
      jti: randomUUID(),
      ...grant,
    };
    return { token: signJwt(claims, this.secret), tokenId: claims.jti, exp };
  }

  /**
   * Verifies a token and returns its claims. Errors use the internal codes: InvalidToken (401) for
   * anything this emulator did not sign, TokenExpired (403) for a genuine but expired token.
   */
  verify(token: string): TokenClaims {
    const result = verifyJwt<TokenClaims>(token, this.secret, this.issuer, this.nowSeconds());
    if (result.ok) {
      if (result.claims.typ !== 'app' && result.claims.typ !== 'embed') {
        throw new EmulatorError('InvalidToken', 'The token has an unknown type');
      }
      return result.claims;
    }
    if (result.reason === 'expired') {
      throw new EmulatorError('TokenExpired');
    }
    throw new EmulatorError(
      'InvalidToken',
      result.reason === 'signature'
        ? 'The token signature is invalid: it was not issued by this emulator instance'
        : 'The token is malformed',
    );
  }
}
