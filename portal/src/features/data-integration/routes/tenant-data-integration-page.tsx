import { Id } from '@canopy/portal-contract';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { ApiError } from '../../../shared/api/api-fetch.ts';
import { tenantQuery } from '../../../shared/api/tenants-query.ts';
import { Card, ErrorCard, PageHeader, Spinner } from '../../../shared/ui/bits.tsx';
import { DataIntegrationView } from '../components/data-integration-view.tsx';
import { DI_MESSAGES } from '../rules/messages.ts';
import { ButtonLink } from '../../../shared/ui/button.tsx';
import '../data-integration.css';

function InvalidTenant() {
  return (
    <div className="center-page">
      <div className="di-problem" role="alert">
        <h1 className="page-header__title">Data Integration</h1>
        <p className="page-header__subtitle">{DI_MESSAGES.invalidTenant}</p>
        <ButtonLink to="/admin/tenants">Back to Tenants</ButtonLink>
      </div>
    </div>
  );
}

/** /admin/tenants/{tenantId}/data-integration: one tenant's sources and integrations. */
export default function TenantDataIntegrationPage() {
  const { tenantId = '' } = useParams();
  const valid = Id.safeParse(tenantId).success;
  const tenant = useQuery({ ...tenantQuery(tenantId), enabled: valid });
  const missing =
    tenant.error instanceof ApiError &&
    (tenant.error.status === 404 || tenant.error.status === 400);
  if (!valid || missing) return <InvalidTenant />;

  const back = (
    <ButtonLink variant="secondary" to="/admin/tenants">
      Back to Tenants
    </ButtonLink>
  );
  if (!tenant.data)
    return (
      <>
        <PageHeader title="Data Integration" subtitle={'\u00a0'} actions={back} />
        {tenant.isError ? (
          <ErrorCard message={DI_MESSAGES.loadFailed} />
        ) : (
          <Card>
            <div className="di-loading">
              <Spinner label="Loading tenant" />
              <span aria-hidden="true">Loading tenant...</span>
            </div>
          </Card>
        )}
      </>
    );
  return <DataIntegrationView tenant={tenant.data} actions={back} />;
}
