import { endpoints } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { call } from '../api/api-client.ts';
import { queryKeys, tenantQuery } from '../api/tenants-query.ts';
import { isAdminRole } from '../rules/roles.ts';
import { DEFAULT_PRIMARY, SUPER_ADMIN_PRIMARY, type Branding } from './apply-branding.ts';
import type { Session } from '../session/session-store.ts';

/** The tenant a super admin is looking at: ?tenantId= on /tenant paths, or /admin/tenants/:tenantId/…. */
function useSuperAdminTenantId(): string | null {
  const location = useLocation();
  const [search] = useSearchParams();
  const params = useParams();
  if (location.pathname.startsWith('/tenant')) return search.get('tenantId');
  return params.tenantId ?? null;
}

/**
 * Branding loads from the admin tenant endpoint for super admins and tenant Admins, and from the
 * tenant settings endpoint for Viewers, who may not read the admin one. Until it arrives the
 * session's copy is used.
 */
export function useBranding(session: Session): Branding {
  const superTenant = useSuperAdminTenantId();
  const tenantId = session.type === 'superadmin' ? superTenant : session.tenantId;
  const viaAdmin = session.type === 'superadmin' || isAdminRole(session.roles);
  const admin = useQuery({ ...tenantQuery(tenantId ?? ''), enabled: !!tenantId && viaAdmin });
  const settings = useQuery({
    queryKey: queryKeys.tenantSettings(tenantId ?? ''),
    queryFn: () => call(endpoints.getTenantSettings, { params: { tenantId: tenantId ?? '' } }),
    enabled: !!tenantId && (!viaAdmin || admin.isError),
  });
  const loaded = admin.data ?? settings.data;
  if (session.type === 'superadmin' && !tenantId)
    return { primaryColor: SUPER_ADMIN_PRIMARY, theme: 'dark', logoUrl: null };
  return {
    primaryColor: loaded?.primaryColor ?? session.primaryColor ?? DEFAULT_PRIMARY,
    theme: loaded?.theme ?? session.theme ?? 'dark',
    logoUrl: loaded?.logoUrl ?? null,
  };
}
