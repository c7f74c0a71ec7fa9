import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createBackgroundTasks } from '../../../modules/auth/background-tasks.ts';
import {
  resetSecondFactors,
  secondFactorsResetMail,
} from '../../../modules/auth/mfa/reset.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/** /api/users/mfa/{id}: an administrator resets a person's second factors. */
const mfaReset: FastifyPluginAsyncZod = async (app) => {
  // The notice goes after the answer; shutting down waits for it.
  const background = createBackgroundTasks(app.log);
  app.addHook('onClose', () => background.idle());

  app.route({
    ...routeOf(app, endpoints.resetUserMfa),
    handler: async (request) => {
      const { email } = await resetSecondFactors(app.db, actorOf(request), request.params.id);
      background.run('second factors reset mail', () =>
        app.mailer.send(secondFactorsResetMail(email)),
      );
      return { ok: true as const };
    },
  });
};

export default mfaReset;
