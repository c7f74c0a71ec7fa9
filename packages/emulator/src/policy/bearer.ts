import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError } from '../errors.ts';
import type { AppTokenClaims, TokenClaims } from '../auth/claims.ts';

/** The token of an `Authorization: <scheme> <token>` header, if the scheme is one of `schemes`. */
export function tokenFromHeader(request: FastifyRequest, schemes: string[]): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const [scheme, token, ...rest] = header.trim().split(/\s+/);
  if (!scheme || !token || rest.length > 0) return undefined;
  return schemes.some((s) => s.toLowerCase() === scheme.toLowerCase()) ? token : undefined;
}

/**
 * The REST API accepts only app (Entra) tokens: `Authorization: Bearer <token>`. Missing, foreign or
 * embed tokens get the cloud's 401 PowerBINotAuthorizedException; an expired app token 403 TokenExpired.
 */
export function authenticateApp(context: EmulatorContext, request: FastifyRequest): AppTokenClaims {
  const token = tokenFromHeader(request, ['Bearer']);
  if (!token)
    throw new EmulatorError(
      'PowerBINotAuthorizedException',
      'Authorization: Bearer <token> is required',
    );
  let claims: TokenClaims;
  try {
    claims = context.tokens.verify(token);
  } catch (error) {
    if (error instanceof EmulatorError && error.code === 'TokenExpired') throw error;
    throw new EmulatorError('PowerBINotAuthorizedException', 'The bearer token is not valid');
  }
  if (claims.typ !== 'app') {
    throw new EmulatorError(
      'PowerBINotAuthorizedException',
      'Embed tokens cannot call the REST API',
    );
  }
  return claims;
}

/**
 * The /_emulator API (used by embed pages) takes the token the host gave the embed:
 * `Authorization: EmbedToken <token>` for embed tokens, `Bearer` also accepted for app tokens.
 */
export function authenticateEmbed(context: EmulatorContext, request: FastifyRequest): TokenClaims {
  const token = tokenFromHeader(request, ['EmbedToken', 'Bearer', 'MWCToken']);
  if (!token)
    throw new EmulatorError('InvalidToken', 'Authorization: EmbedToken <token> is required');
  return context.tokens.verify(token);
}
