import { DataIntegrationView } from '../components/data-integration-view.tsx';
import '../data-integration.css';

/** /admin/data-integration: every tenant's integrations; Connect asks which tenant. */
export default function AdminDataIntegrationPage() {
  return <DataIntegrationView tenant={null} />;
}
