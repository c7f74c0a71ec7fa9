import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { tenantQuery } from '../../../shared/api/tenants-query.ts';
import { useSession } from '../../../shared/session/use-session.ts';

/**
 * The tenant the groups screens are about: a tenant Admin's own, or for a super administrator the
 * one in the path (/admin/tenants/:tenantId/…), whose name the header shows. `base` is where the
 * screens live for this person.
 */
export function useGroupsTenant() {
  const session = useSession();
  const params = useParams();
  const superAdmin = session.type === 'superadmin';
  const tenantId = superAdmin ? (params.tenantId ?? '') : (session.tenantId ?? '');
  const tenant = useQuery({ ...tenantQuery(tenantId), enabled: superAdmin && !!tenantId });
  return {
    tenantId,
    superAdmin,
    tenantName: superAdmin ? tenant.data?.name : undefined,
    base: superAdmin ? `/admin/tenants/${tenantId}` : '/tenant',
  };
}
