import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  changeSubscription,
  createSubscription,
  listMySubscriptions,
  listTenantSubscriptions,
  removeSubscription,
  reportPages,
  sendSubscriptionNow,
  subscriptionRecipients,
} from '../../../modules/subscriptions/subscriptions.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/**
 * Report subscriptions under /api: a person's own (`/subscriptions`), a tenant's for its Admins and
 * super administrators (`/tenants/:tenantId/subscriptions`), and changes to one by id (its
 * recipient, the tenant's Admins, super administrators). The rules are in modules/subscriptions.
 */
const subscriptions: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listMySubscriptions),
    handler: async (request) => ({
      subscriptions: await listMySubscriptions(app.db, principalOf(request)),
    }),
  });

  app.route({
    ...routeOf(app, endpoints.createSubscription),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await createSubscription(
            app.db,
            actorOf(request),
            request.body,
            app.config.subscriptions,
          ),
        ),
  });

  app.route({
    ...routeOf(app, endpoints.listSubscriptionRecipients),
    handler: (request) =>
      subscriptionRecipients(app.db, principalOf(request), request.query.reportId),
  });

  app.route({
    ...routeOf(app, endpoints.listSubscriptionPages),
    handler: (request) =>
      reportPages(app.db, app.analytics, principalOf(request), request.query.reportId),
  });

  app.route({
    ...routeOf(app, endpoints.listTenantSubscriptions),
    handler: async (request) => ({
      subscriptions: await listTenantSubscriptions(
        app.db,
        principalOf(request),
        request.params.tenantId,
      ),
    }),
  });

  app.route({
    ...routeOf(app, endpoints.updateSubscription),
    handler: (request) =>
      changeSubscription(app.db, actorOf(request), request.params.id, request.body),
  });

  app.route({
    ...routeOf(app, endpoints.deleteSubscription),
    handler: async (request) => {
      await removeSubscription(app.db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  });

  app.route({
    ...routeOf(app, endpoints.sendSubscriptionNow),
    handler: async (request, reply) => {
      await sendSubscriptionNow(app.db, actorOf(request), request.params.id);
      return reply.code(202).send({ queued: true as const });
    },
  });
};

export default subscriptions;
