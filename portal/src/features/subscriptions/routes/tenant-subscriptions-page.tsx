import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useTableState } from '../../../shared/hooks/use-table-state.ts';
import { useSession } from '../../../shared/session/use-session.ts';
import { Badge, PageHeader } from '../../../shared/ui/bits.tsx';
import { ButtonLink } from '../../../shared/ui/button.tsx';
import { tenantSubscriptionsQuery } from '../api/subscriptions-api.ts';
import { SubscriptionList } from '../components/subscription-list.tsx';
import '../subscriptions.css';

const LOAD_FAILED = 'Failed to load subscriptions';

/**
 * /tenant/subscriptions: every report subscription of the Admin's tenant; for super
 * administrators /admin/tenants/{tenantId}/subscriptions, any tenant's.
 */
export default function TenantSubscriptionsPage() {
  const session = useSession();
  const params = useParams();
  const superAdmin = session.type === 'superadmin';
  const tenantId = (superAdmin ? params.tenantId : session.tenantId) ?? '';
  const subscriptions = useQuery({ ...tenantSubscriptionsQuery(tenantId), enabled: !!tenantId });
  const state = useTableState(subscriptions, LOAD_FAILED);
  return (
    <>
      <PageHeader
        title="Subscriptions"
        subtitle={`Every report mailed to people of ${superAdmin ? 'this organization' : 'your organization'}, with its schedule and last delivery.`}
        badge={<Badge tone="primary">{superAdmin ? 'Super Admin' : 'Tenant Admin'}</Badge>}
        actions={
          superAdmin && (
            <ButtonLink variant="secondary" to={`/admin/tenants/${tenantId}/reports`}>
              Back
            </ButtonLink>
          )
        }
      />
      <SubscriptionList
        subscriptions={subscriptions.data ?? []}
        showRecipient
        emptyText="Nobody subscribes to a report yet. Subscribe people from a report's Subscribe button."
        state={state}
      />
    </>
  );
}
