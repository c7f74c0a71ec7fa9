import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmTotpEnrolment,
  mfaStatus,
  regenerateRecoveryCodes,
  removeTotp,
  startTotpEnrolment,
} from '../../../modules/auth/mfa/account-mfa.service.ts';
import {
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '../../../modules/auth/mfa/account-passkeys.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';
import { authRateLimited } from '../auth/auth-rate-limit.ts';

/**
 * My account's second factors: the authenticator app, passkeys and recovery codes of the
 * signed-in person only. Secrets and codes in answers are never cached. The routes that check a
 * password or code have the sign-in rate limit.
 */
const accountMfa: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', (_request, reply, payload, done) => {
    reply.header('cache-control', 'no-store');
    done(null, payload);
  });

  app.route({
    ...routeOf(app, endpoints.getMfaStatus),
    handler: (request) => mfaStatus(app.mfa, principalOf(request)),
  });

  app.route({
    ...routeOf(app, endpoints.startTotpEnrolment),
    handler: (request) => startTotpEnrolment(app.mfa, principalOf(request)),
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.confirmTotpEnrolment)),
    handler: (request) => confirmTotpEnrolment(app.mfa, actorOf(request), request.body.code),
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.removeTotp)),
    handler: async (request) => {
      await removeTotp(app.mfa, actorOf(request), request.body);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.startPasskeyRegistration),
    handler: (request) => passkeyRegistrationOptions(app.mfa, principalOf(request)),
  });

  app.route({
    ...routeOf(app, endpoints.registerPasskey),
    handler: async (request, reply) => {
      const registered = await registerPasskey(app.mfa, actorOf(request), request.body);
      return reply.code(201).send(registered);
    },
  });

  app.route({
    ...routeOf(app, endpoints.renamePasskey),
    handler: (request) =>
      renamePasskey(app.mfa, actorOf(request), request.params.passkeyId, request.body.name),
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.removePasskey)),
    handler: async (request) => {
      await removePasskey(app.mfa, actorOf(request), request.params.passkeyId, request.body);
      return { ok: true as const };
    },
  });

  app.route({
    ...authRateLimited(routeOf(app, endpoints.regenerateRecoveryCodes)),
    handler: async (request) => ({
      recoveryCodes: await regenerateRecoveryCodes(app.mfa, actorOf(request), request.body),
    }),
  });
};

export default accountMfa;
