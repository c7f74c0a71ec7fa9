import {
  AccountSessions,
  ChangePasswordRequest,
  ChangePasswordResponse,
  ErrorBody,
  Ok,
  PASSWORD_CHANGED_MESSAGE,
  SessionIdParams,
  UpdateNameRequest,
  User,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAccount, updateName } from '../../../modules/account/account.service.ts';
import {
  endAllOwnSessions,
  endOwnSession,
  listOwnSessions,
} from '../../../modules/account/account-sessions.service.ts';
import {
  changePassword,
  passwordChangedByOwnerMail,
} from '../../../modules/account/password-change.service.ts';
import { createBackgroundTasks } from '../../../modules/auth/background-tasks.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { AUTH_RATE_LIMIT } from '../auth/auth-rate-limit.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';

const errors = { 400: ErrorBody, 401: ErrorBody };

/**
 * My account: every signed-in person (super administrators, tenant Admins and Viewers) reads and
 * changes their own name and password and sees and ends their own sessions. Nothing here takes a
 * person's id: the principal is the only person these routes touch.
 */
const account: FastifyPluginAsyncZod = async (app) => {
  // The "password changed" mail goes after the answer; shutting down waits for it.
  const background = createBackgroundTasks(app.log);
  app.addHook('onClose', () => background.idle());

  app.get(
    '',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'The signed-in person',
        operationId: 'getAccount',
        response: { 200: User, 401: ErrorBody },
      },
    },
    async (request) => readAccount(app.db, principalOf(request)),
  );

  app.patch(
    '',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Set or clear the display name',
        operationId: 'updateAccountName',
        description:
          'Both names are trimmed and given together (1 to 100 characters each), or both empty ' +
          'to clear the name; the portal then derives a name from the email.',
        body: UpdateNameRequest,
        response: { 200: User, ...errors },
      },
    },
    async (request) => updateName(app.db, actorOf(request), request.body),
  );

  app.post(
    '/password',
    {
      config: { access: 'signed-in', rateLimit: AUTH_RATE_LIMIT },
      schema: {
        tags: ['account'],
        summary: 'Change the password (ends every other session)',
        operationId: 'changeAccountPassword',
        description:
          'The current password is required; a wrong one (400 WRONG_PASSWORD) counts towards ' +
          'the same lockout as a failed sign-in. The new password must have at least 8 ' +
          'characters, an uppercase letter and a digit. This session stays signed in; the ' +
          'owner is mailed a notice of the change.',
        body: ChangePasswordRequest,
        response: { 200: ChangePasswordResponse, ...errors, 409: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => {
      const { email } = await changePassword(app.db, actorOf(request), request.body);
      background.run('password changed mail', () =>
        app.mailer.send(passwordChangedByOwnerMail(email)),
      );
      return { message: PASSWORD_CHANGED_MESSAGE } as const;
    },
  );

  app.get(
    '/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'The live sessions of the signed-in person (this one first)',
        operationId: 'listAccountSessions',
        response: { 200: AccountSessions, 401: ErrorBody },
      },
    },
    async (request) => ({ sessions: await listOwnSessions(app.db, principalOf(request)) }),
  );

  app.delete(
    '/sessions/:sessionId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Sign out one of my sessions',
        operationId: 'endAccountSession',
        description: "Another person's session, or an ended one, is 404 like an unknown id.",
        params: SessionIdParams,
        response: { 200: Ok, ...errors, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      await endOwnSession(app.db, actorOf(request), request.params.sessionId);
      if (request.params.sessionId === principalOf(request).sessionId) clearRefreshCookie(reply);
      return { ok: true as const };
    },
  );

  app.delete(
    '/sessions',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Sign out everywhere: ends every session of mine, this one included',
        operationId: 'endAllAccountSessions',
        response: { 200: Ok, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await endAllOwnSessions(app.db, actorOf(request));
      clearRefreshCookie(reply);
      return { ok: true as const };
    },
  );
};

export default account;
