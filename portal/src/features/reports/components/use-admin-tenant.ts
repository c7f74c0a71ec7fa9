import { Id } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { tenantQuery } from '../../../shared/api/tenants-query.ts';

/** The tenant of /admin/tenants/{tenantId}/…: invalid id, not found, or the loaded tenant. */
export function useAdminTenant() {
  const { tenantId = '' } = useParams();
  const valid = Id.safeParse(tenantId).success;
  const tenant = useQuery({ ...tenantQuery(tenantId), enabled: valid });
  const notFound = tenant.error instanceof ApiError && tenant.error.status === 404;
  return { tenantId, valid, tenant, notFound };
}
