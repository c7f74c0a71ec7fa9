import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IssuedSession } from '../../../modules/auth/session.service.ts';

export const REFRESH_COOKIE = 'canopy_refresh';

/**
 * The refresh credential lives in an HttpOnly, SameSite=Strict cookie scoped to /api/auth: page
 * scripts cannot read it and other sites cannot make the browser send it. With "Remember me" it
 * lasts until the session's end; without, it is a session cookie (no Max-Age, no Expires), so the
 * browser forgets it when it closes — on a shared computer the next person is not signed in.
 */
export function setRefreshCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  session: IssuedSession,
) {
  reply.setCookie(REFRESH_COOKIE, session.refreshToken, {
    ...refreshCookieFlags(request),
    ...(session.persistent ? lastingUntil(session.refreshExpiresAt) : {}),
  });
}

/** The flags of the cookie, the same when it is set and when it is cleared. */
const refreshCookieFlags = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  secure: request.server.config.publicUrl.startsWith('https:'),
  path: '/api/auth',
});

function lastingUntil(end: Date) {
  return {
    // Max-Age counts from the browser's own clock, so a skewed client clock cannot stretch or cut
    // the session; Expires stays for old clients. A refresh never extends the session's end.
    maxAge: Math.max(0, Math.floor((end.getTime() - Date.now()) / 1000)),
    expires: end,
  };
}

/** Clears it with the flags it was set with: a clearing header is no weaker than a setting one. */
export function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, refreshCookieFlags(reply.request));
}

export const requestMeta = (request: FastifyRequest) => ({
  ip: request.ip ?? null,
  userAgent: request.headers['user-agent'] ?? null,
});
