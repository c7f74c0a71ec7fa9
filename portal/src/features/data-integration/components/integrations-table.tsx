import type { Integration } from '@canopy/portal-contract';
import { IntegrationRow, type TableScope } from './integration-row.tsx';

const COLUMNS: Record<TableScope, string[]> = {
  tenant: ['Source', 'Status', 'Fabric Dataset', 'Last Sync', 'Connected'],
  all: ['Source', 'Tenant', 'Status', 'Last Sync'],
};

/** "Active Integrations": the columns differ between the tenant and the unscoped page. */
export function IntegrationsTable({
  integrations,
  scope,
  sourceOf,
  onDisconnected,
}: {
  integrations: readonly Integration[];
  onDisconnected: () => void;
  scope: TableScope;
  /** From the catalogue: the source's icon, and whether its connections can sync yet. */
  sourceOf: (sourceId: string) => { icon: string; canSync: boolean };
}) {
  return (
    <div className="table-wrap">
      <table className="table table--stack integrations-table">
        <caption className="visually-hidden">Active Integrations</caption>
        <thead>
          <tr>
            {COLUMNS[scope].map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            <th scope="col" className="integrations-table__actions-head">
              Actions
            </th>
          </tr>
        </thead>
        <tbody>
          {integrations.map((integration) => (
            <IntegrationRow
              key={integration.id}
              integration={integration}
              scope={scope}
              {...sourceOf(integration.sourceId)}
              onDisconnected={onDisconnected}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}
