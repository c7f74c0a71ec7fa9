import { endpoints, PASSWORD_CHANGED_MESSAGE } from '@canopy/portal-contract';
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
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from '../auth/auth-rate-limit.ts';
import accountMfa from './mfa.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';

/**
 * My account: every signed-in person (super administrators, tenant Admins and Viewers) reads and
 * changes their own name and password and sees and ends their own sessions. Nothing here takes a
 * person's id: the principal is the only person these routes touch.
 */
const account: FastifyPluginAsyncZod = async (app) => {
  // The "password changed" mail goes after the answer; shutting down waits for it.
  const background = createBackgroundTasks(app.log);
  app.addHook('onClose', () => background.idle());
  // /api/account/mfa…: the person's own second factors.
  await app.register(accountMfa);

  app.route({
    ...routeOf(app, endpoints.getAccount),
    handler: async (request) => readAccount(app.db, principalOf(request)),
  });

  app.route({
    ...routeOf(app, endpoints.updateAccountName),
    handler: async (request) => updateName(app.db, actorOf(request), request.body),
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.changeAccountPassword)),
    handler: async (request) => {
      const { email } = await changePassword(app.db, actorOf(request), request.body);
      background.run('password changed mail', () =>
        app.mailer.send(passwordChangedByOwnerMail(email)),
      );
      return { message: PASSWORD_CHANGED_MESSAGE } as const;
    },
  });

  app.route({
    ...routeOf(app, endpoints.listAccountSessions),
    handler: async (request) => ({ sessions: await listOwnSessions(app.db, principalOf(request)) }),
  });

  app.route({
    ...routeOf(app, endpoints.endAccountSession),
    handler: async (request, reply) => {
      await endOwnSession(app.db, actorOf(request), request.params.sessionId);
      if (request.params.sessionId === principalOf(request).sessionId) clearRefreshCookie(reply);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.endAllAccountSessions),
    handler: async (request, reply) => {
      await endAllOwnSessions(app.db, actorOf(request));
      clearRefreshCookie(reply);
      return { ok: true as const };
    },
  });
};

export default account;
