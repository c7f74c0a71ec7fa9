import {
  CreateSubscriptionRequest,
  ErrorBody,
  IdParams,
  Ok,
  ReportPageList,
  SendNowResult,
  Subscription,
  SubscriptionList,
  SubscriptionRecipientList,
  SubscriptionRecipientsQuery,
  TenantIdParams,
  UpdateSubscriptionRequest,
} from '@canopy/portal-contract';
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

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['subscriptions'];

/**
 * Report subscriptions under /api: a person's own (`/subscriptions`), a tenant's for its Admins and
 * super administrators (`/tenants/:tenantId/subscriptions`), and changes to one by id (its
 * recipient, the tenant's Admins, super administrators). The rules are in modules/subscriptions.
 */
const subscriptions: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/subscriptions',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags,
        operationId: 'listMySubscriptions',
        summary: "The caller's report subscriptions",
        response: { 200: SubscriptionList, ...errors },
      },
    },
    async (request) => ({
      subscriptions: await listMySubscriptions(app.db, principalOf(request)),
    }),
  );

  app.post(
    '/subscriptions',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags,
        operationId: 'createSubscription',
        summary: 'Subscribe yourself (or, as tenant Admin, a person with access) to a report',
        body: CreateSubscriptionRequest,
        response: { 201: Subscription, 409: ErrorBody, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createSubscription(app.db, actorOf(request), request.body)),
  );

  app.get(
    '/subscriptions/recipients',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags,
        operationId: 'listSubscriptionRecipients',
        summary: "The tenant's people who may open a report (tenant Admins)",
        querystring: SubscriptionRecipientsQuery,
        response: { 200: SubscriptionRecipientList, ...errors },
      },
    },
    (request) => subscriptionRecipients(app.db, principalOf(request), request.query.reportId),
  );

  app.get(
    '/subscriptions/pages',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags,
        operationId: 'listSubscriptionPages',
        summary: 'The pages of a report the caller may open (to subscribe to one page)',
        querystring: SubscriptionRecipientsQuery,
        response: {
          200: ReportPageList,
          502: ErrorBody,
          503: ErrorBody,
          504: ErrorBody,
          ...errors,
        },
      },
    },
    (request) => reportPages(app.db, app.analytics, principalOf(request), request.query.reportId),
  );

  app.get(
    '/tenants/:tenantId/subscriptions',
    {
      config: { access: 'tenant-admin' },
      schema: {
        tags,
        operationId: 'listTenantSubscriptions',
        summary: 'Every report subscription of a tenant (its Admins, super administrators)',
        params: TenantIdParams,
        response: { 200: SubscriptionList, ...errors },
      },
    },
    async (request) => ({
      subscriptions: await listTenantSubscriptions(
        app.db,
        principalOf(request),
        request.params.tenantId,
      ),
    }),
  );

  app.patch(
    '/subscriptions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'updateSubscription',
        summary: 'Pause, resume or reschedule a subscription',
        params: IdParams,
        body: UpdateSubscriptionRequest,
        response: { 200: Subscription, ...errors },
      },
    },
    (request) => changeSubscription(app.db, actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/subscriptions/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'deleteSubscription',
        summary: 'Delete a subscription',
        params: IdParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await removeSubscription(app.db, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/subscriptions/:id/send-now',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        operationId: 'sendSubscriptionNow',
        summary: 'Mail the report now (queued; at most once a minute per subscription)',
        params: IdParams,
        response: { 202: SendNowResult, 429: ErrorBody, ...errors },
      },
    },
    async (request, reply) => {
      await sendSubscriptionNow(app.db, actorOf(request), request.params.id);
      return reply.code(202).send({ queued: true as const });
    },
  );
};

export default subscriptions;
