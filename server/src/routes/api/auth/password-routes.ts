import {
  ErrorBody,
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordRequest,
  ForgotPasswordResponse,
  INVITATION_RENEW_MESSAGE,
  InvitationRenewResponse,
  PasswordLinkRequest,
  PasswordLinkStatus,
  PASSWORD_RESET_MESSAGE,
  ResetPasswordRequest,
  ResetPasswordResponse,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBackgroundTasks } from '../../../modules/auth/background-tasks.ts';
import {
  passwordLinkStatus,
  renewInvitation,
} from '../../../modules/users/invitation-renewal.service.ts';
import {
  passwordChangedMail,
  resetPassword,
  sendPasswordReset,
} from '../../../modules/auth/password-reset.service.ts';
import { AUTH_RATE_LIMIT } from './auth-rate-limit.ts';
import { clearRefreshCookie, requestMeta } from './refresh-cookie.ts';

/** Forgot password (mail a link) and reset password (use a reset or invitation link). */
const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  // The mail is sent after the answer; shutting down waits for what is under way.
  const background = createBackgroundTasks(app.log);
  app.addHook('onClose', () => background.idle());

  app.post(
    '/forgot-password',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset link (30 minutes, single use) if the account exists',
        description:
          'Always the same neutral answer, sent before any lookup, so neither it nor its timing ' +
          'reveals whether the address has an account. At most 3 mails per account per hour.',
        security: [],
        body: ForgotPasswordRequest,
        response: { 200: ForgotPasswordResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    (request) => {
      const deps = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };
      const meta = requestMeta(request);
      const { email } = request.body;
      background.run('password reset mail', () => sendPasswordReset(deps, email, meta));
      return Promise.resolve({ message: FORGOT_PASSWORD_MESSAGE } as const);
    },
  );

  app.post(
    '/password-link',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Whether a mailed link still works, and whether it is an invitation',
        operationId: 'getPasswordLinkStatus',
        description:
          'The token goes in the body, not the URL, so it stays out of access logs. Lets the ' +
          'set-password page explain an expired or used link before a password is typed.',
        security: [],
        body: PasswordLinkRequest,
        response: { 200: PasswordLinkStatus, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => passwordLinkStatus(app.db, request.body.token),
  );

  app.post(
    '/invitation/renew',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new invitation link, given an expired or used one, if still invited',
        operationId: 'renewInvitation',
        description:
          'Always the same neutral answer, sent before any lookup. The new link goes only to the ' +
          'address of the invited account. At most 3 invitation mails per account per hour.',
        security: [],
        body: PasswordLinkRequest,
        response: { 200: InvitationRenewResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    (request) => {
      const deps = { db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl };
      const meta = requestMeta(request);
      const { token } = request.body;
      background.run('invitation renewal mail', () => renewInvitation(deps, token, meta));
      return Promise.resolve({ message: INVITATION_RENEW_MESSAGE } as const);
    },
  );

  app.post(
    '/reset-password',
    {
      config: { access: 'public', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with a reset or invitation link',
        description:
          'The password must have at least 8 characters, an uppercase letter and a digit. The ' +
          'link works once; every session of the person ends; no new session is started; the ' +
          'owner is mailed a notice of the change.',
        security: [],
        body: ResetPasswordRequest,
        response: { 200: ResetPasswordResponse, 400: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { email, purpose } = await resetPassword(app.db, request.body, requestMeta(request));
      if (purpose === 'reset') {
        background.run('password changed mail', () => app.mailer.send(passwordChangedMail(email)));
      }
      clearRefreshCookie(reply);
      return { message: PASSWORD_RESET_MESSAGE } as const;
    },
  );
};

export default passwordRoutes;
