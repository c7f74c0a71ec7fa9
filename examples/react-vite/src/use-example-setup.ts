import { factories, service } from '@canopy/embed-core';
import { useEffect, useState } from 'react';

export interface ExampleSetup {
  reportId: string;
  embedUrl: string;
  accessToken: string;
  embedService: service.Service;
}

interface ExampleConfig {
  emulatorOrigin: string;
  reportId: string;
  reportEmbedUrl: string;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Asks the example's backend what to embed and for an embed token (your app's backend would call
 * GenerateToken the same way), then creates a Service that trusts the emulator's origin.
 */
export function useExampleSetup(): { setup?: ExampleSetup; error?: string } {
  const [state, setState] = useState<{ setup?: ExampleSetup; error?: string }>({});
  useEffect(() => {
    let embedService: service.Service | undefined;
    let cancelled = false;
    Promise.all([
      getJson<ExampleConfig>('/api/config'),
      getJson<{ token: string }>('/api/embed-token'),
    ]).then(
      ([config, { token }]) => {
        if (cancelled) return;
        embedService = new service.Service(
          factories.hpmFactory,
          factories.wpmpFactory,
          factories.routerFactory,
          { trustedOrigins: [config.emulatorOrigin] },
        );
        setState({
          setup: {
            reportId: config.reportId,
            embedUrl: config.reportEmbedUrl,
            accessToken: token,
            embedService,
          },
        });
      },
      (error: unknown) => {
        if (!cancelled) setState({ error: String(error) });
      },
    );
    return () => {
      cancelled = true;
      embedService?.destroy();
    };
  }, []);
  return state;
}
