import {
  endpoints,
  FORGOT_PASSWORD_MESSAGE,
  INVITATION_RENEW_MESSAGE,
  PASSWORD_RESET_MESSAGE,
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
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from './auth-rate-limit.ts';
import { clearRefreshCookie, requestMeta } from './refresh-cookie.ts';

/** Forgot password (mail a link) and reset password (use a reset or invitation link). */
const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  // The mail is sent after the answer; shutting down waits for what is under way.
  const background = createBackgroundTasks(app.log);
  app.addHook('onClose', () => background.idle());

  app.route({
    ...authRateLimited(routeOf(app, endpoints.requestPasswordReset)),
    handler: (request) => {
      const meta = requestMeta(request);
      const { email } = request.body;
      background.run('password reset mail', () =>
        sendPasswordReset(app.passwordLinks, email, meta),
      );
      return Promise.resolve({ message: FORGOT_PASSWORD_MESSAGE } as const);
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.getPasswordLinkStatus)),
    handler: (request) => passwordLinkStatus(app.db, request.body.token),
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.renewInvitation)),
    handler: (request) => {
      const meta = requestMeta(request);
      const { token } = request.body;
      background.run('invitation renewal mail', () =>
        renewInvitation(app.passwordLinks, token, meta),
      );
      return Promise.resolve({ message: INVITATION_RENEW_MESSAGE } as const);
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.resetPassword)),
    handler: async (request, reply) => {
      const { email, purpose } = await resetPassword(app.db, request.body, requestMeta(request));
      if (purpose === 'reset') {
        background.run('password changed mail', () => app.mailer.send(passwordChangedMail(email)));
      }
      clearRefreshCookie(reply);
      return { message: PASSWORD_RESET_MESSAGE } as const;
    },
  });
};

export default passwordRoutes;
