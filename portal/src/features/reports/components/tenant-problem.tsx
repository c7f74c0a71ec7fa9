import { Link } from 'react-router';

/** "Invalid Tenant ID" and "Tenant not found" (spec §2, super admin report list). */
export function TenantProblem({ title, text }: { title: string; text: string }) {
  return (
    <div className="center-page" role="alert">
      <div className="report-problem">
        <h1 className="page-header__title">{title}</h1>
        <p className="page-header__subtitle">{text}</p>
        <Link className="button" to="/admin/tenants">
          Back to Tenants
        </Link>
      </div>
    </div>
  );
}
