import { SubscribeButton } from '../../features/subscriptions/components/subscribe-button.tsx';
import TenantReportPage from '../../features/reports/routes/tenant-report-page.tsx';

/** Features do not import each other: the app puts the Subscribe action into the report view. */
export default function TenantReportRoute() {
  return <TenantReportPage Subscribe={SubscribeButton} />;
}
