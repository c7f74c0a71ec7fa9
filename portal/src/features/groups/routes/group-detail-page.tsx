import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Badge, Card, ErrorCard, PageHeader, Spinner } from '../../../shared/ui/bits.tsx';
import { ButtonLink } from '../../../shared/ui/button.tsx';
import { accessMatrixQuery, groupQuery } from '../api/groups-api.ts';
import { GroupMembersCard } from '../components/group-members-card.tsx';
import { GroupReportsCard } from '../components/group-reports-card.tsx';
import { useGroupsTenant } from '../components/use-groups-tenant.ts';
import '../groups.css';

/**
 * /tenant/groups/:groupId (and the super admin's /admin/tenants/:tenantId/groups/:groupId): the
 * group's members and reports. Adding a person or a report takes effect at once; so does removing
 * one (the person's next report list or token request is refused).
 */
export default function GroupDetailPage() {
  const { tenantId, superAdmin, base } = useGroupsTenant();
  const { groupId = '' } = useParams();
  const group = useQuery({ ...groupQuery(tenantId, groupId), enabled: !!tenantId && !!groupId });
  // The tenant's people and synchronised reports, to choose from.
  const matrix = useQuery({ ...accessMatrixQuery(tenantId), enabled: !!tenantId });

  useErrorToast(group.isError, 'Failed to load group');

  const back = (
    <ButtonLink variant="secondary" to={`${base}/groups`}>
      Back to Groups
    </ButtonLink>
  );
  if (group.isError) {
    return (
      <>
        <PageHeader title="Group" actions={back} />
        <ErrorCard message={errorMessage(group.error, 'Failed to load group')} />
      </>
    );
  }
  if (!group.data) {
    return (
      <>
        <PageHeader title="Group" actions={back} />
        <Card>
          <Spinner label="Loading group" /> Loading group...
        </Card>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={group.data.name}
        subtitle={
          group.data.description || 'A report granted to this group opens for all its members.'
        }
        badge={<Badge tone="primary">{superAdmin ? 'Super Admin' : 'Tenant Admin'}</Badge>}
        actions={back}
      />
      <div className="group-detail">
        <GroupMembersCard
          tenantId={tenantId}
          group={group.data}
          people={matrix.data?.people ?? []}
        />
        <GroupReportsCard
          tenantId={tenantId}
          group={group.data}
          reports={matrix.data?.reports ?? []}
        />
      </div>
    </>
  );
}
