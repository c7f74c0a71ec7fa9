import { useQuery } from '@tanstack/react-query';
import { useTableState } from '../../../shared/hooks/use-table-state.ts';
import { PageHeader } from '../../../shared/ui/bits.tsx';
import { mySubscriptionsQuery } from '../api/subscriptions-api.ts';
import { SubscriptionList } from '../components/subscription-list.tsx';
import '../subscriptions.css';

const LOAD_FAILED = 'Failed to load subscriptions';

/** /account/subscriptions: the reports mailed to me, with pause, Send now and delete. */
export default function MySubscriptionsPage() {
  const subscriptions = useQuery(mySubscriptionsQuery());
  const state = useTableState(subscriptions, LOAD_FAILED);
  return (
    <>
      <PageHeader
        title="My subscriptions"
        subtitle="Reports mailed to you on a schedule. Subscribe from a report with its Subscribe button."
      />
      <SubscriptionList
        subscriptions={subscriptions.data ?? []}
        showRecipient={false}
        emptyText="Open a report and choose Subscribe to get it by email."
        state={state}
      />
    </>
  );
}
