import type { Integration, Tenant } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { tenantsQuery } from '../../../shared/api/tenants-query.ts';
import { Card, PageHeader, Spinner } from '../../../shared/ui/bits.tsx';
import { dataSourcesQuery, integrationsQuery } from '../api/data-integration-api.ts';
import { DI_MESSAGES } from '../rules/messages.ts';
import {
  activeCount,
  cardStatus,
  FALLBACK_SOURCES,
  integrationsForCards,
} from '../rules/source-rules.ts';
import { IntegrationsTable } from './integrations-table.tsx';
import { SourceCard } from './source-card.tsx';
import { TenantPicker } from './tenant-picker.tsx';
import { useConnect } from './use-connect.ts';
import { useOauthReturn } from './use-oauth-return.ts';
import { useErrorToast } from '../../../shared/hooks/use-error-toast.ts';
import { Button } from '../../../shared/ui/button.tsx';

/** The tenant of the tenant-scoped page; null on /admin/data-integration. */
export interface DataIntegrationViewProps {
  tenant: Pick<Tenant, 'id' | 'name'> | null;
  /** Links next to the count (the tenant page's way back). */
  actions?: ReactNode;
}

/** The data integration page: the catalogue as cards, the active integrations as a table. */
export function DataIntegrationView({ tenant, actions }: DataIntegrationViewProps) {
  useOauthReturn();
  const scoped = tenant !== null;
  const sources = useQuery(dataSourcesQuery());
  const integrations = useQuery({
    ...integrationsQuery(tenant?.id ?? null),
    refetchOnMount: 'always',
  });
  const tenants = useQuery({ ...tenantsQuery(), enabled: !scoped });
  const [picked, setPicked] = useState('');
  const [pickError, setPickError] = useState<string | undefined>();
  const picker = useRef<HTMLSelectElement>(null);
  const sourcesHeading = useRef<HTMLHeadingElement>(null);

  const { connect, pendingId } = useConnect(tenant?.id ?? (picked || null), () => {
    setPickError(DI_MESSAGES.chooseTenant);
    picker.current?.focus();
  });

  useErrorToast(sources.isError, DI_MESSAGES.fallback);
  useErrorToast(integrations.isError, DI_MESSAGES.fetchIntegrationsFailed);

  const catalogue = sources.data ?? (sources.isError ? FALLBACK_SOURCES : []);
  const list: readonly Integration[] = integrations.data ?? [];
  const inScope = integrationsForCards(list, scoped, picked);
  const loading = sources.isPending || integrations.isPending;
  const sourceOf = (sourceId: string) => {
    const source = catalogue.find((candidate) => candidate.id === sourceId);
    return { icon: source?.icon ?? '🔌', canSync: source?.canSync ?? false };
  };

  return (
    <>
      <PageHeader
        title="Data Integration"
        subtitle={
          scoped
            ? `Connect and manage the external data sources of ${tenant.name}.`
            : 'Connect and manage external data sources for your tenants.'
        }
        actions={
          <div className="di-header-actions">
            {actions}
            <div className="connection-count" aria-live="polite">
              <span className="connection-count__value" data-testid="active-connections">
                {integrations.isSuccess ? activeCount(list) : '–'}
              </span>
              <span className="connection-count__label">Active Connections</span>
            </div>
          </div>
        }
      />
      {(sources.isError || integrations.isError) && (
        <div className="di-banner" role="alert">
          <svg className="di-banner__icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d="M12 8v5M12 16.5h.01M10.3 3.9 2.4 18a2 2 0 0 0 1.7 3h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          </svg>
          <div>
            <strong>
              {sources.isError ? DI_MESSAGES.loadFailed : DI_MESSAGES.fetchIntegrationsFailed}
            </strong>
            <p>
              {sources.isError
                ? 'The built-in list (Xero and Xero Practice Manager) is shown until the catalogue loads.'
                : 'Connection states may be out of date.'}
            </p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              if (sources.isError) void sources.refetch();
              if (integrations.isError) void integrations.refetch();
            }}
          >
            Try again
          </Button>
        </div>
      )}
      {loading && !sources.isError ? (
        <Card>
          <div className="di-loading">
            <Spinner label="Loading data sources" />
            <span aria-hidden="true">Loading data sources...</span>
          </div>
        </Card>
      ) : (
        <>
          <Card className="di-sources">
            <div className="toolbar di-sources__toolbar">
              <div>
                <h2 className="card__title" ref={sourcesHeading} tabIndex={-1}>
                  Available Data Sources
                </h2>
                <p className="di-lead">
                  {scoped
                    ? `Connecting opens the provider's sign-in; the data then syncs into ${tenant.name}'s workspace.`
                    : "Choose a tenant, then connect: the provider's sign-in opens and the data syncs into that tenant's workspace."}
                </p>
              </div>
              {!scoped && (
                <TenantPicker
                  ref={picker}
                  tenants={tenants.data ?? []}
                  value={picked}
                  error={pickError}
                  loading={tenants.isPending}
                  onChange={(value) => {
                    setPicked(value);
                    setPickError(undefined);
                  }}
                />
              )}
            </div>
            <ul className="source-grid">
              {catalogue.map((source) => (
                <SourceCard
                  key={source.id}
                  source={source}
                  status={cardStatus(source.id, inScope)}
                  connecting={pendingId === source.id}
                  onConnect={(chosen) => void connect(chosen)}
                />
              ))}
            </ul>
          </Card>
          {list.length > 0 && (
            <Card className="di-integrations">
              <div className="toolbar">
                <h2 className="card__title">Active Integrations</h2>
                <span className="muted di-count-text">
                  {list.length} {list.length === 1 ? 'connection' : 'connections'}
                </span>
              </div>
              <IntegrationsTable
                integrations={list}
                scope={scoped ? 'tenant' : 'all'}
                sourceOf={sourceOf}
                // The row and its button are going: keep keyboard users on the page.
                onDisconnected={() => sourcesHeading.current?.focus()}
              />
            </Card>
          )}
        </>
      )}
    </>
  );
}
