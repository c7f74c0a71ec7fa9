import type { Subscription } from '@canopy/portal-contract';
import { useState } from 'react';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { Badge, Card } from '../../../shared/ui/bits.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { DataTable, type Column, type TableState } from '../../../shared/ui/data-table.tsx';
import { SearchField } from '../../../shared/ui/search-field.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useSubscriptionMutations } from '../api/subscriptions-api.ts';
import { SubscribeDialog } from './subscribe-dialog.tsx';
import {
  blockedReason,
  FORMAT_LABELS,
  matchesSearch,
  scheduleText,
  statusBadge,
  zonedDateTime,
} from '../rules/subscription-rules.ts';

export interface SubscriptionListProps {
  subscriptions: readonly Subscription[];
  state: TableState;
  /** The tenant's list shows who receives each; a person's own list does not need to. */
  showRecipient: boolean;
  emptyText: string;
}

/** Subscriptions with their schedule in words, next run, last sent, errors; pause, send, delete. */
export function SubscriptionList({
  subscriptions,
  state,
  showRecipient,
  emptyText,
}: SubscriptionListProps) {
  const { update, remove, sendNow } = useSubscriptionMutations();
  const [search, setSearch] = useState('');
  const shown = subscriptions.filter((s) => matchesSearch(s, search));
  const [editing, setEditing] = useState<Subscription | null>(null);

  const togglePause = (s: Subscription) =>
    update.mutate(
      { id: s.id, body: { paused: !s.paused } },
      {
        onSuccess: () =>
          toast.success(s.paused ? `"${s.reportName}" resumed` : `"${s.reportName}" paused`),
        onError: (failure) => toast.error(errorMessage(failure, 'Failed to change subscription')),
      },
    );
  const send = (s: Subscription) =>
    sendNow.mutate(s.id, {
      onSuccess: () => toast.success(`"${s.reportName}" is on its way to ${s.recipient.email}`),
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to send')),
    });
  const onDelete = async (s: Subscription) => {
    const ok = await confirmAction(
      `Delete the subscription to "${s.reportName}" for ${s.recipient.email}? No more mails are sent.`,
    );
    if (!ok) return;
    remove.mutate(s.id, {
      onSuccess: () => toast.success('Subscription deleted'),
      onError: (failure) => toast.error(errorMessage(failure, 'Failed to delete subscription')),
    });
  };

  const columns: Column<Subscription>[] = [
    { header: 'Report', cell: (s) => <span className="subscription__report">{s.reportName}</span> },
    ...(showRecipient
      ? [{ header: 'Recipient', cell: (s: Subscription) => s.recipient.email }]
      : []),
    {
      header: 'Schedule',
      cell: (s) => (
        <span>
          {scheduleText(s)}
          <span className="muted"> · {FORMAT_LABELS[s.format]}</span>
        </span>
      ),
    },
    { header: 'Next run', cell: (s) => zonedDateTime(s.nextRunAt, s.timeZone) },
    { header: 'Last sent', cell: (s) => zonedDateTime(s.lastSentAt, s.timeZone) },
    {
      header: 'Status',
      cell: (s) => {
        const badge = statusBadge(s);
        return (
          <div className="subscription__status">
            <Badge tone={badge.tone}>{badge.text}</Badge>
            {s.lastError && (
              <Badge tone="danger">
                <span title={s.lastError}>Last error</span>
              </Badge>
            )}
            {s.lastError && <p className="subscription__error">{s.lastError}</p>}
          </div>
        );
      },
    },
    {
      header: 'Actions',
      cell: (s) => (
        <div className="table__actions">
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Edit schedule of ${s.reportName} for ${s.recipient.email}`}
            onClick={() => setEditing(s)}
          >
            Edit
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Send now ${s.reportName} for ${s.recipient.email}`}
            title={blockedReason(s)}
            disabled={sendNow.isPending || blockedReason(s) !== undefined}
            onClick={() => send(s)}
          >
            Send now
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={`${s.paused ? 'Resume' : 'Pause'} ${s.reportName} for ${s.recipient.email}`}
            title={s.paused ? blockedReason(s) : undefined}
            disabled={s.paused && blockedReason(s) !== undefined}
            onClick={() => togglePause(s)}
          >
            {s.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button
            variant="ghost-danger"
            size="sm"
            aria-label={`Delete ${s.reportName} for ${s.recipient.email}`}
            onClick={() => void onDelete(s)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card>
      <div className="list-controls">
        <SearchField
          label="Search Subscriptions"
          placeholder="Search by report, recipient or schedule..."
          value={search}
          onSearch={setSearch}
        />
      </div>
      <div className="toolbar">
        <h2 className="card__title">Subscriptions ({shown.length})</h2>
      </div>
      <DataTable
        caption="Subscriptions"
        className="table--stack"
        columns={columns}
        rows={shown}
        rowKey={(s) => s.id}
        state={state}
        empty={
          search.trim()
            ? { title: 'No subscriptions found', text: 'No subscription matches the search.' }
            : { title: 'No subscriptions yet', text: emptyText }
        }
        skeletonRows={3}
      />
      {editing && (
        <SubscribeDialog
          reportId={editing.reportId}
          reportName={editing.reportName}
          tenantId={editing.tenantId}
          isAdmin={false}
          editing={editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
