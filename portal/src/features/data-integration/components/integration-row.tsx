import type { Integration } from '@canopy/portal-contract';
import { Link } from 'react-router';
import { errorMessage } from '../../../shared/api/api-fetch.ts';
import { lastLoggedInText } from '../../../shared/rules/format-date.ts';
import { Badge } from '../../../shared/ui/bits.tsx';
import { confirmAction } from '../../../shared/ui/confirm.tsx';
import { toast } from '../../../shared/ui/toast-store.ts';
import { useDisconnectIntegration, useSyncIntegration } from '../api/data-integration-api.ts';
import { DI_MESSAGES } from '../rules/messages.ts';
import { statusLabel, statusTone } from '../rules/source-rules.ts';
import { SourceIcon } from './source-icon.tsx';
import { Button } from '../../../shared/ui/button.tsx';

export type TableScope = 'tenant' | 'all';

/** Dates in US short format with hours and minutes, as elsewhere; a sync that never ran says so. */
const dateText = lastLoggedInText;

/** One "Active Integrations" row with its own Sync now and Disconnect (each busy on its own). */
export function IntegrationRow({
  integration,
  scope,
  icon,
  canSync,
  onDisconnected,
}: {
  integration: Integration;
  /** Where the focus goes once this row is gone. */
  onDisconnected: () => void;
  scope: TableScope;
  /** The source's icon from the catalogue (the integration itself carries none). */
  icon: string;
  /** Whether this source's data can be synchronised yet (else "Sync coming soon"). */
  canSync: boolean;
}) {
  const sync = useSyncIntegration();
  const disconnect = useDisconnectIntegration();
  const name = integration.sourceName;
  const syncText = sync.isPending ? 'Syncing...' : 'Sync now';

  const onSync = () =>
    sync.mutate(integration.id, {
      onSuccess: (result) => toast.success(DI_MESSAGES.synced(name, result.rows)),
      onError: (error) =>
        toast.error(DI_MESSAGES.syncFailed(errorMessage(error, 'Unknown error occurred'))),
    });

  const onDisconnect = async () => {
    if (
      !(await confirmAction(
        DI_MESSAGES.confirmDisconnect(name, integration.tenantName),
        'Disconnect',
      ))
    )
      return;
    disconnect.mutate(integration.id, {
      onSuccess: () => {
        toast.success(DI_MESSAGES.disconnected);
        onDisconnected();
      },
      onError: () => toast.error(DI_MESSAGES.disconnectFailed),
    });
  };

  return (
    <tr data-integration={integration.id}>
      <td data-label="Source">
        <div className="integration-source">
          <SourceIcon icon={icon} size="sm" />
          <div>
            <div className="integration-source__name">{name}</div>
            {integration.organisationName && (
              <div className="integration-source__org">{integration.organisationName}</div>
            )}
          </div>
        </div>
      </td>
      {scope === 'all' && (
        <td data-label="Tenant">
          {integration.tenantId ? (
            <Link to={`/admin/tenants/${integration.tenantId}/data-integration`}>
              {integration.tenantName ?? 'Unknown tenant'}
            </Link>
          ) : (
            <span className="muted">No tenant</span>
          )}
        </td>
      )}
      <td data-label="Status">
        <Badge tone={statusTone(integration.status)}>
          <span className="status-dot" aria-hidden="true" />
          {statusLabel(integration.status)}
        </Badge>
      </td>
      {scope === 'tenant' && (
        <td data-label="Fabric Dataset">
          {integration.fabricDatasetId ? (
            <code className="dataset-id" title={integration.fabricDatasetId}>
              {integration.fabricDatasetId.slice(0, 8)}
            </code>
          ) : (
            <span className="muted">Not configured</span>
          )}
        </td>
      )}
      <td data-label="Last Sync" className="nowrap" data-testid="last-sync">
        {sync.isPending ? (
          <span className="muted">Syncing...</span>
        ) : (
          dateText(integration.lastSync)
        )}
      </td>
      {scope === 'tenant' && (
        <td data-label="Connected" className="nowrap">
          {dateText(integration.createdAt)}
        </td>
      )}
      <td className="integration-actions">
        <div className="table__actions">
          {canSync ? (
            <Button
              variant="secondary"
              size="sm"
              disabled={sync.isPending || disconnect.isPending}
              aria-label={`${syncText}: ${name}`}
              onClick={onSync}
            >
              {syncText}
            </Button>
          ) : (
            <span className="muted integration-actions__note">Sync coming soon</span>
          )}
          <button
            type="button"
            className="button button--ghost-danger button--sm"
            disabled={disconnect.isPending}
            aria-label={`Disconnect ${name}${integration.tenantName && scope === 'all' ? ` from ${integration.tenantName}` : ''}`}
            onClick={() => void onDisconnect()}
          >
            {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
          </button>
        </div>
      </td>
    </tr>
  );
}
