import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { AppError } from '../../errors.ts';

export interface OidcSettings {
  /** CANOPY_OIDC_ISSUER: where `/.well-known/openid-configuration` lives. */
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** `${CANOPY_PUBLIC_URL}/api/auth/oidc/callback`, registered with the identity provider. */
  redirectUri: string;
}

/** What the ID token says about the person, once its signature and claims were checked. */
export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
}

export interface OidcClient {
  authorizationUrl(params: { state: string; nonce: string; codeVerifier: string }): Promise<string>;
  /** Redeems an authorization code (with its PKCE verifier) and checks the ID token it yields. */
  redeem(params: { code: string; codeVerifier: string; nonce: string }): Promise<OidcIdentity>;
}

const Discovery = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
  id_token_signing_alg_values_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
type Discovery = z.infer<typeof Discovery>;

const TokenResponse = z.object({ id_token: z.string().min(1) });

/** Asymmetric algorithms only: `none` and HMAC (keyed with the client secret) are never accepted. */
const ASYMMETRIC = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const HTTP_TIMEOUT_MS = 10_000;

/** The reason stays in the server's log; the browser only learns OIDC_FAILED. */
export class OidcFailure extends AppError {
  constructor(readonly reason: string) {
    super('OIDC_FAILED');
  }
}

/** A JSON answer from the provider, or an OidcFailure saying what failed (never a secret). */
async function fetchJson(what: string, url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
  } catch (error) {
    throw new OidcFailure(`${what} unreachable: ${(error as Error).message}`);
  }
  if (!response.ok) throw new OidcFailure(`${what} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new OidcFailure(`${what} answered something other than JSON`);
  }
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');
export const pkceChallenge = (verifier: string) =>
  createHash('sha256').update(verifier).digest('base64url');

/**
 * A relying party for the authorization code flow with PKCE (RFC 7636, S256), talking to the
 * issuer over HTTP: discovery document (cached an hour), token endpoint, JWKS (jose caches the
 * keys and refetches on an unknown key id). The ID token must be signed by the issuer's keys with
 * an asymmetric algorithm, name the issuer and this client, carry the nonce and be unexpired.
 */
export function createOidcClient(settings: OidcSettings): OidcClient {
  let cached: { at: number; value: Promise<{ doc: Discovery; keys: JWTVerifyGetKey }> } | undefined;

  async function load() {
    const url = `${trimSlash(settings.issuer)}/.well-known/openid-configuration`;
    const body = await fetchJson('discovery', url, { headers: { accept: 'application/json' } });
    const parsed = Discovery.safeParse(body);
    if (!parsed.success) throw new OidcFailure('discovery document is incomplete');
    const doc = parsed.data;
    // A document naming another issuer is not this issuer's (OpenID Connect Discovery §4.3).
    if (trimSlash(doc.issuer) !== trimSlash(settings.issuer)) {
      throw new OidcFailure('discovery document names another issuer');
    }
    return {
      doc,
      keys: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: HTTP_TIMEOUT_MS }),
    };
  }

  function discover() {
    if (!cached || Date.now() - cached.at > DISCOVERY_TTL_MS) {
      const value = load();
      cached = { at: Date.now(), value };
      // A failed discovery is retried on the next sign-in, not remembered for an hour.
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  }

  async function tokenRequest(doc: Discovery, code: string, codeVerifier: string) {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: settings.redirectUri,
      code_verifier: codeVerifier,
      client_id: settings.clientId,
    });
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/x-www-form-urlencoded',
    };
    if (settings.clientSecret) {
      const methods = doc.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
      if (methods.includes('client_secret_post') && !methods.includes('client_secret_basic')) {
        form.set('client_secret', settings.clientSecret);
      } else {
        // RFC 6749 §2.3.1: both parts form-encoded before Basic encoding.
        const pair = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`;
        headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
      }
    }
    const body = await fetchJson('token endpoint', doc.token_endpoint, {
      method: 'POST',
      headers,
      body: form,
    });
    const parsed = TokenResponse.safeParse(body);
    if (!parsed.success) throw new OidcFailure('token response has no ID token');
    return parsed.data.id_token;
  }

  return {
    async authorizationUrl({ state, nonce, codeVerifier }) {
      const { doc } = await discover();
      const url = new URL(doc.authorization_endpoint);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('client_id', settings.clientId);
      url.searchParams.set('redirect_uri', settings.redirectUri);
      url.searchParams.set('scope', 'openid email');
      url.searchParams.set('state', state);
      url.searchParams.set('nonce', nonce);
      url.searchParams.set('code_challenge', pkceChallenge(codeVerifier));
      url.searchParams.set('code_challenge_method', 'S256');
      return url.toString();
    },

    async redeem({ code, codeVerifier, nonce }) {
      const { doc, keys } = await discover();
      const idToken = await tokenRequest(doc, code, codeVerifier);
      const algorithms = (doc.id_token_signing_alg_values_supported ?? ['RS256']).filter((a) =>
        ASYMMETRIC.test(a),
      );
      let claims;
      try {
        ({ payload: claims } = await jwtVerify(idToken, keys, {
          issuer: doc.issuer,
          audience: settings.clientId,
          algorithms: algorithms.length > 0 ? algorithms : ['RS256'],
          requiredClaims: ['exp', 'iat', 'sub'],
          clockTolerance: 60,
        }));
      } catch (error) {
        throw new OidcFailure(`ID token rejected: ${(error as Error).message}`);
      }
      if (claims.nonce !== nonce) throw new OidcFailure('ID token nonce does not match');
      // Several audiences: this client must be the authorised party (OpenID Connect Core §3.1.3.7).
      if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== settings.clientId) {
        throw new OidcFailure('ID token is for another authorised party');
      }
      const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      return { subject: String(claims.sub), email, emailVerified: verified };
    },
  };
}
