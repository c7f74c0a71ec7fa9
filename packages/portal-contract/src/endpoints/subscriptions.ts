import { IdParams, Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import {
  CreateSubscriptionRequest,
  ReportPageList,
  SendNowResult,
  Subscription,
  SubscriptionList,
  SubscriptionRecipientList,
  SubscriptionRecipientsQuery,
  UpdateSubscriptionRequest,
} from '../subscriptions.ts';

const tags = ['subscriptions'];
const failures = errors(400, 401, 403, 404);

/**
 * Report subscriptions: a person's own, a tenant's for its Admins and super administrators, and
 * changes to one by id (its recipient, the tenant's Admins, super administrators). The server
 * decides per subscription who may change it.
 */
export const subscriptionsEndpoints = {
  listMySubscriptions: endpoint({
    operationId: 'listMySubscriptions',
    method: 'GET',
    path: '/api/subscriptions',
    summary: "The caller's report subscriptions",
    tags,
    access: 'tenant-user',
    responses: { 200: SubscriptionList, ...failures },
  }),
  createSubscription: endpoint({
    operationId: 'createSubscription',
    method: 'POST',
    path: '/api/subscriptions',
    summary: 'Subscribe yourself (or, as tenant Admin, a person with access) to a report',
    tags,
    access: 'tenant-user',
    body: CreateSubscriptionRequest,
    responses: { 201: Subscription, ...errors(409), ...failures },
  }),
  listSubscriptionRecipients: endpoint({
    operationId: 'listSubscriptionRecipients',
    method: 'GET',
    path: '/api/subscriptions/recipients',
    summary: "The tenant's people who may open a report (tenant Admins)",
    tags,
    access: 'tenant-user',
    query: SubscriptionRecipientsQuery,
    responses: { 200: SubscriptionRecipientList, ...failures },
  }),
  listSubscriptionPages: endpoint({
    operationId: 'listSubscriptionPages',
    method: 'GET',
    path: '/api/subscriptions/pages',
    summary: 'The pages of a report the caller may open (to subscribe to one page)',
    tags,
    access: 'tenant-user',
    query: SubscriptionRecipientsQuery,
    responses: { 200: ReportPageList, ...errors(502, 503, 504), ...failures },
  }),
  listTenantSubscriptions: endpoint({
    operationId: 'listTenantSubscriptions',
    method: 'GET',
    path: '/api/tenants/:tenantId/subscriptions',
    summary: 'Every report subscription of a tenant (its Admins, super administrators)',
    tags,
    access: 'tenant-admin',
    params: TenantIdParams,
    responses: { 200: SubscriptionList, ...failures },
  }),
  updateSubscription: endpoint({
    operationId: 'updateSubscription',
    method: 'PATCH',
    path: '/api/subscriptions/:id',
    summary: 'Pause, resume or reschedule a subscription',
    tags,
    access: 'signed-in',
    params: IdParams,
    body: UpdateSubscriptionRequest,
    // 409: resuming while the recipient cannot open the report (SUBSCRIPTION_NO_ACCESS).
    responses: { 200: Subscription, ...errors(409), ...failures },
  }),
  deleteSubscription: endpoint({
    operationId: 'deleteSubscription',
    method: 'DELETE',
    path: '/api/subscriptions/:id',
    summary: 'Delete a subscription',
    tags,
    access: 'signed-in',
    params: IdParams,
    responses: { 200: Ok, ...failures },
  }),
  sendSubscriptionNow: endpoint({
    operationId: 'sendSubscriptionNow',
    method: 'POST',
    path: '/api/subscriptions/:id/send-now',
    summary: 'Mail the report now (queued; at most once a minute per subscription)',
    tags,
    access: 'signed-in',
    params: IdParams,
    // 409: the recipient can no longer open the report (SUBSCRIPTION_NO_ACCESS).
    responses: { 202: SendNowResult, ...errors(409, 429), ...failures },
  }),
};
