import ManageAccessModal from '../../features/report-access/components/manage-access-modal.tsx';
import { AdminReportsPage } from '../../features/reports/routes/admin-reports-page.tsx';

/** Features do not import each other: the app puts the Manage Access modal into the report list. */
export default function AdminTenantReportsRoute() {
  return <AdminReportsPage ManageAccess={ManageAccessModal} />;
}
