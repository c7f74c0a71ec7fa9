import {
  Ok,
  ReportPageList,
  SendNowResult,
  Subscription,
  SubscriptionList,
  SubscriptionRecipientList,
  TenantSettings,
  type CreateSubscriptionRequest,
  type UpdateSubscriptionRequest,
} from '@canopy/portal-contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-fetch.ts';
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
    queryFn: async () =>
      (await apiFetch('/api/subscriptions', { schema: SubscriptionList })).subscriptions,
  });

export const tenantSubscriptionsQuery = (tenantId: string) =>
  queryOptions({
    queryKey: keys.tenant(tenantId),
    queryFn: async () =>
      (await apiFetch(`/api/tenants/${tenantId}/subscriptions`, { schema: SubscriptionList }))
        .subscriptions,
  });

/** The people an Admin may subscribe: those of the tenant who can open the report. */
export const recipientsQuery = (reportId: string) =>
  queryOptions({
    queryKey: keys.recipients(reportId),
    queryFn: async () =>
      (
        await apiFetch(`/api/subscriptions/recipients?reportId=${encodeURIComponent(reportId)}`, {
          schema: SubscriptionRecipientList,
        })
      ).people,
  });

/** The report's pages (empty when the analytics service cannot say: the whole report is sent). */
export const reportPagesQuery = (reportId: string) =>
  queryOptions({
    queryKey: ['subscriptions', 'pages', reportId] as const,
    queryFn: async () =>
      (
        await apiFetch(`/api/subscriptions/pages?reportId=${encodeURIComponent(reportId)}`, {
          schema: ReportPageList,
        })
      ).pages,
    retry: false,
  });

/** The tenant's time zone (its settings, the same query the branding reads). */
export const tenantZoneQuery = (tenantId: string) =>
  queryOptions({
    queryKey: queryKeys.tenantSettings(tenantId),
    queryFn: () => apiFetch(`/api/tenants/${tenantId}/settings`, { schema: TenantSettings }),
    select: (settings) => settings.timeZone,
  });

/** Every change refreshes both lists (mine and the tenant's). */
export function useSubscriptionMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: keys.all });
  const url = (id: string) => `/api/subscriptions/${id}`;
  return {
    create: useMutation({
      mutationFn: (body: CreateSubscriptionRequest) =>
        apiFetch('/api/subscriptions', { method: 'POST', body, schema: Subscription }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateSubscriptionRequest }) =>
        apiFetch(url(id), { method: 'PATCH', body, schema: Subscription }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiFetch(url(id), { method: 'DELETE', schema: Ok }),
      onSettled,
    }),
    sendNow: useMutation({
      mutationFn: (id: string) =>
        apiFetch(`${url(id)}/send-now`, { method: 'POST', schema: SendNowResult }),
      onSettled,
    }),
  };
}
