import {
  endpoints,
  type CreateSubscriptionRequest,
  type UpdateSubscriptionRequest,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/api-client.ts';
import { queryKeys } from '../../../shared/api/tenants-query.ts';

const keys = {
  all: ['subscriptions'] as const,
  mine: ['subscriptions', 'mine'] as const,
  tenant: (tenantId: string) => ['subscriptions', 'tenant', tenantId] as const,
  recipients: (reportId: string) => ['subscriptions', 'recipients', reportId] as const,
};

export const mySubscriptionsQuery = () =>
  queryOptions({
    queryKey: keys.mine,
    queryFn: async () => (await call(endpoints.listMySubscriptions)).subscriptions,
  });

export const tenantSubscriptionsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: keys.tenant(tenantId),
    queryFn: async () =>
      (await call(endpoints.listTenantSubscriptions, { params: { tenantId } })).subscriptions,
  });

/** The people an Admin may subscribe: those of the tenant who can open the report. */
export const recipientsQuery = (reportId: string) =>
  queryOptions({
    queryKey: keys.recipients(reportId),
    queryFn: async () =>
      (await call(endpoints.listSubscriptionRecipients, { query: { reportId } })).people,
  });

/** The report's pages (empty when the analytics service cannot say: the whole report is sent). */
export const reportPagesQuery = (reportId: string) =>
  queryOptions({
    queryKey: ['subscriptions', 'pages', reportId] as const,
    queryFn: async () =>
      (await call(endpoints.listSubscriptionPages, { query: { reportId } })).pages,
    retry: false,
  });

/** The tenant's time zone (its settings, the same query the branding reads). */
export const tenantZoneQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantSettings(tenantId),
    queryFn: () => call(endpoints.getTenantSettings, { params: { tenantId } }),
    select: (settings) => settings.timeZone,
  });

/** Every change refreshes both lists (mine and the tenant's). */
export function useSubscriptionMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.all });
  return {
    create: useMutation({
      mutationFn: (body: CreateSubscriptionRequest) => call(endpoints.createSubscription, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateSubscriptionRequest }) =>
        call(endpoints.updateSubscription, { params: { id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(endpoints.deleteSubscription, { params: { id } }),
      onSettled,
    }),
    sendNow: useMutation({
      mutationFn: (id: string) => call(endpoints.sendSubscriptionNow, { params: { id } }),
      onSettled,
    }),
  };
}
