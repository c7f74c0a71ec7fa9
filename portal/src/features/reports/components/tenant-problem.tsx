import { ButtonLink } from '../../../shared/ui/button.tsx';

/** The super admin's report list with no usable tenant: "Invalid Tenant ID", "Tenant not found". */
export function TenantProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="center-page" role="alert">
      <div className="report-problem">
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__subtitle">{text}</p>
        <ButtonLink to="/admin/tenants">Back to Tenants</ButtonLink>
      </div>
    </div>
  );
}

/** The early answer of the super admin's tenant pages: invalid id or unknown tenant, else null. */
export function tenantGate({ valid, notFound }: { valid: boolean; notFound: boolean }) {
  if (!valid)
    return (
      <TenantProblem
        title="Invalid Tenant ID"
        text="Open a tenant's reports from the tenant list."
      />
    );
  if (notFound)
    return <TenantProblem title="Tenant not found" text="This tenant does not exist any more." />;
  return null;
}
