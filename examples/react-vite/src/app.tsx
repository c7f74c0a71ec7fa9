import { EmbedServiceProvider } from '@canopy/embed-react';
import { SalesReport } from './sales-report.tsx';
import { useExampleSetup } from './use-example-setup.ts';

export function App() {
  const { setup, error } = useExampleSetup();
  if (error) return <p role="alert">Could not reach the example backend: {error}</p>;
  if (!setup) return <p>Getting an embed token…</p>;
  return (
    <EmbedServiceProvider service={setup.embedService}>
      <SalesReport
        reportId={setup.reportId}
        embedUrl={setup.embedUrl}
        accessToken={setup.accessToken}
      />
    </EmbedServiceProvider>
  );
}
