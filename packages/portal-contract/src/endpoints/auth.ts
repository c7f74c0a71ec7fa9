import { z } from 'zod';
import {
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  InvitationRenewResponse,
  LoginRequest,
  OidcCallbackQuery,
  OidcExchangeRequest,
  OidcStartQuery,
  OidcStatus,
  PasswordLinkRequest,
  PasswordLinkStatus,
  RefreshResponse,
  ResetPasswordRequest,
  ResetPasswordResponse,
  SignedInPerson,
  SupportContact,
} from '../auth.ts';
import { Ok } from '../common.ts';
import { SignInResponse } from '../mfa.ts';
import { endpoint, errors } from '../endpoint.ts';

const tags = ['auth'];
// Every auth endpoint is how one gets (or ends) a session, so none needs one; all are rate-limited.
const access = 'public';

/**
 * Identity: sign-in, session refresh and sign-out, forgot/reset password, external sign-in for
 * super administrators.
 */
export const authEndpoints = {
  signIn: endpoint({
    operationId: 'signIn',
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email and password',
    description:
      'Answers a session (`SignedInPerson`), or, for a person with a second factor, ' +
      "`{ step: 'second-factor', ticket, expiresAt, methods }`: no session yet, finish with " +
      '`POST /api/auth/mfa/verify`. A person who must use two-step verification and has no ' +
      'factor gets a session with `mfaEnrolmentRequired: true`, good only for setting one up.',
    tags,
    access,
    body: LoginRequest,
    responses: { 200: SignInResponse, ...errors(401, 403, 429) },
  }),
  getSupportContact: endpoint({
    operationId: 'getSupportContact',
    method: 'GET',
    path: '/api/auth/contact',
    summary: 'Where "Contact Administrator" on the sign-in page writes (CANOPY_SUPPORT_EMAIL)',
    tags,
    access,
    responses: { 200: SupportContact, ...errors(429) },
  }),
  refreshSession: endpoint({
    operationId: 'refreshSession',
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'A fresh access token for the session of the refresh cookie (rotates the cookie)',
    description:
      'The refresh credential is single-use: presenting a used one ends the whole session. ' +
      'Without any refresh cookie the answer is 204: nobody is signed in, which is not an error ' +
      '(the SPA asks on every cold start, and a 401 there would be logged as a failure).',
    tags,
    access,
    responses: {
      200: RefreshResponse,
      204: z.null().describe('No refresh cookie: nobody is signed in'),
      ...errors(401, 429),
    },
  }),
  signOut: endpoint({
    operationId: 'signOut',
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'Sign out: ends the session of the refresh cookie and/or the bearer token',
    description:
      'Every access token of the session is refused from then on, before it expires. ' +
      'Always 200: there may be nothing left to end.',
    tags,
    access,
    responses: { 200: Ok, ...errors(429) },
  }),
  requestPasswordReset: endpoint({
    operationId: 'requestPasswordReset',
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link (30 minutes, single use) if the account exists',
    description:
      'Always the same neutral answer, sent before any lookup, so neither it nor its timing ' +
      'reveals whether the address has an account. At most 3 mails per account per hour.',
    tags,
    access,
    body: ForgotPasswordRequest,
    responses: { 200: ForgotPasswordResponse, ...errors(400, 429) },
  }),
  getPasswordLinkStatus: endpoint({
    operationId: 'getPasswordLinkStatus',
    method: 'POST',
    path: '/api/auth/password-link',
    summary: 'Whether a mailed link still works, and whether it is an invitation',
    description:
      'The token goes in the body, not the URL, so it stays out of access logs. Lets the ' +
      'set-password page explain an expired or used link before a password is typed.',
    tags,
    access,
    body: PasswordLinkRequest,
    responses: { 200: PasswordLinkStatus, ...errors(400, 429) },
  }),
  renewInvitation: endpoint({
    operationId: 'renewInvitation',
    method: 'POST',
    path: '/api/auth/invitation/renew',
    summary: 'Mail a new invitation link, given an expired or used one, if still invited',
    description:
      'Always the same neutral answer, sent before any lookup. The new link goes only to the ' +
      'address of the invited account. At most 3 invitation mails per account per hour.',
    tags,
    access,
    body: PasswordLinkRequest,
    responses: { 200: InvitationRenewResponse, ...errors(400, 429) },
  }),
  resetPassword: endpoint({
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with a reset or invitation link',
    description:
      'The password must have at least 8 characters, an uppercase letter and a digit. The ' +
      'link works once; every session of the person ends; no new session is started; the ' +
      'owner is mailed a notice of the change.',
    tags,
    access,
    body: ResetPasswordRequest,
    responses: { 200: ResetPasswordResponse, ...errors(400, 429) },
  }),
  getOidcStatus: endpoint({
    operationId: 'getOidcStatus',
    method: 'GET',
    path: '/api/auth/oidc',
    summary: 'Whether external sign-in (OpenID Connect) is offered',
    tags,
    access,
    responses: { 200: OidcStatus },
  }),
  startOidcSignIn: endpoint({
    operationId: 'startOidcSignIn',
    method: 'GET',
    path: '/api/auth/oidc/start',
    summary: 'Start external sign-in: 302 to the identity provider',
    description: '`redirect` is a path on this site to open afterwards (default /admin).',
    tags,
    access,
    query: OidcStartQuery,
    responses: errors(400, 404, 429),
  }),
  completeOidcSignIn: endpoint({
    operationId: 'completeOidcSignIn',
    method: 'GET',
    path: '/api/auth/oidc/callback',
    summary: "The identity provider's redirect back: 302 to the SPA's /oauth/callback",
    description:
      'Signs in only an existing super administrator whose verified email matches. The token ' +
      'handed to /oauth/callback is single-use, valid 60 s, and is not an access token.',
    tags,
    access,
    query: OidcCallbackQuery,
    responses: errors(400, 404, 429),
  }),
  exchangeOidcTicket: endpoint({
    operationId: 'exchangeOidcTicket',
    method: 'POST',
    path: '/api/auth/oidc/exchange',
    summary: "Trade /oauth/callback's one-time token for a session (like sign-in)",
    tags,
    access,
    body: OidcExchangeRequest,
    responses: { 200: SignedInPerson, ...errors(400, 401, 429) },
  }),
};
