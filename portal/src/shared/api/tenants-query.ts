import { endpoints } from '@canopy/portal-contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client.ts';

/**
 * Server data that several features read (the tenant list feeds the tenant screen, the admin
 * dashboard and the user screen's tenant select), so its query keys live in one place.
 */
export const queryKeys = {
  tenants: ['tenants'] as const,
  tenant: (id: string) => ['tenants', id] as const,
  userCount: ['users', 'count'] as const,
  tenantUsers: (tenantId: string) => ['users', 'tenant', tenantId] as const,
  tenantSettings: (tenantId: string) => ['tenant-settings', tenantId] as const,
  /** A tenant's groups (the groups screens and the Manage Access modal's Groups tab). */
  tenantGroups: (tenantId: string) => ['groups', tenantId] as const,
  /** Who may open what: changes with every grant, group and membership. */
  accessMatrix: (tenantId: string) => ['access-matrix', tenantId] as const,
};

export const tenantsQuery = () =>
  queryOptions({
    queryKey: queryKeys.tenants,
    queryFn: async () => (await call(endpoints.listTenants)).tenants,
  });

export const tenantQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tenant(id),
    queryFn: () => call(endpoints.getTenant, { params: { id }, cache: 'no-cache' }),
  });

export const userCountQuery = () =>
  queryOptions({
    queryKey: queryKeys.userCount,
    queryFn: async () => (await call(endpoints.countTenantUsers)).count,
  });
