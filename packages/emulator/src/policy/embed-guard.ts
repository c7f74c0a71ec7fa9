import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { authenticateEmbed } from './bearer.ts';
import type { TokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError, notFound } from '../errors.ts';
import { guardHook, noRule } from './guard-hook.ts';

const verified = new WeakMap<FastifyRequest, TokenClaims>();

/**
 * The token of an /_emulator request, verified by the guard. Which resource it reaches is decided by
 * embed-access.ts; a handler reached without a verified token is refused (fail closed).
 */
export function embedClaimsOf(request: FastifyRequest): TokenClaims {
  const claims = verified.get(request);
  if (!claims) throw noRule(request);
  return claims;
}

/** The onRequest hook of the /_emulator API and the pages: every route goes through its rule. */
export const embedGuard = (context: EmulatorContext): onRequestHookHandler =>
  guardHook((request, guard) => {
    if (guard.kind === 'public') return;
    if (guard.kind === 'admin') {
      if (!context.config.adminApi) throw notFound(`Resource ${request.url}`);
      return;
    }
    if (guard.kind !== 'embed') {
      throw new EmulatorError('InternalServerError', `A ${guard.kind} rule on an embed route`);
    }
    verified.set(request, authenticateEmbed(context, request));
  });
