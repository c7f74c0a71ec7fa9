import type { EmulatorContext } from '../context.ts';
import { EMBED_ROUTES } from '../embed-pages/embed-routes.ts';
import { knobKeys } from '../knobs/knobs.ts';
import {
  createReportEmbedUrl,
  dashboardEmbedUrl,
  qnaEmbedUrl,
  reportEmbedUrl,
  tileEmbedUrl,
} from '../rest/urls.ts';

/** Where the guides live: the published package carries no docs folder, so links are absolute. */
const docsBase = 'https://github.com/canopy-analytics/canopy/blob/main/docs';

export interface EmulatorInfo {
  name: string;
  description: string;
  url: string;
  oauth: {
    tokenUrl: string;
    tenantId: string;
    scope: string;
    /** The secret only when the admin API is on or the client is on this machine (landing/credentials-visible.ts). */
    clients: { clientId: string; clientSecret?: string; displayName?: string }[];
  };
  rest: { baseUrl: string; examples: string[] };
  sample: {
    workspaceId: string;
    reports: { id: string; name: string; reportType: string; embedUrl: string }[];
    datasets: { id: string; name: string; qnaEmbedUrl: string; createReportEmbedUrl: string }[];
    dashboards: { id: string; name: string; embedUrl: string; tileEmbedUrls: string[] }[];
  };
  embedPaths: string[];
  data: { rows: number; seed: number; today: string };
  /** Fault injection; absent when the admin API is off. */
  knobs?: { url: string; names: string[] };
  docs: { emulator: string; gettingStarted: string; react: string };
}

/**
 * What this emulator offers and where, built from its configuration and catalogue (never from the
 * request's headers). The landing page renders it; tools read it as JSON. `showSecrets`: include the
 * clients' secrets (see credentials-visible.ts for who may see them).
 */
export function emulatorInfo(
  context: EmulatorContext,
  base: string,
  showSecrets = false,
): EmulatorInfo {
  const { config, registry, sample } = context;
  const local = config.adminApi;
  const groupId = sample.groupId;
  return {
    name: 'Canopy analytics emulator',
    description:
      'A local stand-in for the analytics cloud service: OAuth token endpoint, REST API under /v1.0/myorg, embed pages that speak the embedding protocol, real reports over generated sales data.',
    url: base,
    oauth: {
      tokenUrl: `${base}/${config.tenantId}/oauth2/v2.0/token`,
      tenantId: config.tenantId,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
      clients: config.clients.map((client) => ({
        clientId: client.clientId,
        ...(showSecrets ? { clientSecret: client.clientSecret } : {}),
        ...(client.displayName ? { displayName: client.displayName } : {}),
      })),
    },
    rest: {
      baseUrl: `${base}/v1.0/myorg`,
      examples: [
        `${base}/v1.0/myorg/groups`,
        `${base}/v1.0/myorg/groups/${groupId}/reports`,
        `${base}/v1.0/myorg/groups/${groupId}/reports/{reportId}/GenerateToken`,
      ],
    },
    sample: {
      workspaceId: groupId,
      reports: registry.reportsIn(groupId).map(({ definition }) => ({
        id: definition.id,
        name: definition.name,
        reportType: definition.reportType,
        embedUrl: reportEmbedUrl(
          base,
          groupId,
          definition.id,
          definition.reportType === 'PaginatedReport',
        ),
      })),
      datasets: registry.datasetsIn(groupId).map((dataset) => ({
        id: dataset.id,
        name: dataset.name,
        qnaEmbedUrl: qnaEmbedUrl(base, groupId, dataset.id),
        createReportEmbedUrl: createReportEmbedUrl(base, groupId, dataset.id),
      })),
      dashboards: registry.dashboardsIn(groupId).map(({ definition }) => ({
        id: definition.id,
        name: definition.displayName,
        embedUrl: dashboardEmbedUrl(base, groupId, definition.id),
        tileEmbedUrls: definition.tiles.map((tile) =>
          tileEmbedUrl(base, groupId, definition.id, tile.id),
        ),
      })),
    },
    embedPaths: EMBED_ROUTES.map(({ path }) => `${base}${path}`),
    data: { rows: config.rows, seed: config.seed, today: config.today },
    ...(local ? { knobs: { url: `${base}/_emulator/admin/knobs`, names: [...knobKeys] } } : {}),
    docs: {
      emulator: `${docsBase}/emulator.md`,
      gettingStarted: `${docsBase}/embed-core/getting-started.md`,
      react: `${docsBase}/embed-react.md`,
    },
  };
}
