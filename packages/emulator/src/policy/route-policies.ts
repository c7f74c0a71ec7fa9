import type { Capability } from './workspace-roles.ts';

/**
 * The access rule of every route the emulator serves, keyed by method and URL (relative to where the
 * emulator is mounted). The guards (rest-guard.ts, embed-guard.ts) look the rule up for each request
 * and refuse routes that have none, and the authorization matrix test fails for a route missing here:
 * adding a route means deciding who may call it.
 */
export type EmbedOperation =
  | 'readReport'
  | 'editReport'
  | 'createReport'
  | 'readDashboard'
  | 'readTile'
  | 'query'
  | 'readDataset'
  | 'userState';

export type RouteGuard =
  /** No token: the page or endpoint reveals nothing protected (embed pages, OAuth, 404 fallbacks). */
  | { kind: 'public'; why: string }
  /** /_emulator/admin: only when the `adminApi` option is on (the default for a local test tool). */
  | { kind: 'admin' }
  /** Any valid app token; the handler narrows (e.g. GET /groups lists the caller's workspaces). */
  | { kind: 'app'; grant?: boolean }
  /** An app token whose principal holds `capability` in the workspace the URL names. */
  | {
      kind: 'workspace';
      capability: Capability;
      /** Where the workspace comes from: `groupId`, else the workspace of the named entity. */
      scope: 'group' | 'report' | 'dataset' | 'dashboard';
      /** GenerateToken routes: the grant policy also checks every item the body lists. */
      grant?: boolean;
    }
  /** An embed (or app) token checked against the exact resource of the request. */
  | { kind: 'embed'; operation: EmbedOperation };

export interface RoutePolicy {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'ALL';
  url: string;
  guard: RouteGuard;
}

const api = '/v1.0/myorg';
const rest = (
  method: RoutePolicy['method'],
  path: string,
  capability: Capability,
  scope: 'group' | 'report' | 'dataset' | 'dashboard' = 'group',
  grant = false,
): RoutePolicy => ({
  method,
  url: `${api}${path}`,
  guard: { kind: 'workspace', capability, scope, ...(grant ? { grant } : {}) },
});
const embed = (method: RoutePolicy['method'], path: string, operation: EmbedOperation) => ({
  method,
  url: `/_emulator${path}`,
  guard: { kind: 'embed', operation } as const,
});
const publicRoute = (method: RoutePolicy['method'], url: string, why: string): RoutePolicy => ({
  method,
  url,
  guard: { kind: 'public', why },
});

export const routePolicies: readonly RoutePolicy[] = [
  publicRoute('POST', '/:tenantId/oauth2/v2.0/token', 'client credentials are the authentication'),

  // Workspaces and their users.
  { method: 'GET', url: `${api}/groups`, guard: { kind: 'app' } },
  { method: 'POST', url: `${api}/groups`, guard: { kind: 'app' } },
  rest('GET', '/groups/:groupId', 'read'),
  rest('DELETE', '/groups/:groupId', 'deleteWorkspace'),
  rest('POST', '/groups/:groupId/AssignToCapacity', 'assignCapacity'),
  rest('GET', '/groups/:groupId/users', 'readUsers'),
  rest('POST', '/groups/:groupId/users', 'manageUsers'),
  rest('DELETE', '/groups/:groupId/users/:user', 'manageUsers'),

  // My workspace: a service principal has none, so its lists are empty (rest/my-workspace.ts).
  { method: 'GET', url: `${api}/reports`, guard: { kind: 'app' } },
  { method: 'GET', url: `${api}/datasets`, guard: { kind: 'app' } },
  { method: 'GET', url: `${api}/dashboards`, guard: { kind: 'app' } },
  { method: 'GET', url: `${api}/availableFeatures`, guard: { kind: 'app' } },

  // Reports.
  rest('GET', '/groups/:groupId/reports', 'read'),
  rest('GET', '/groups/:groupId/reports/:reportId', 'read'),
  rest('GET', '/reports/:reportId', 'read', 'report'),
  rest('GET', '/groups/:groupId/reports/:reportId/pages', 'read'),
  rest('GET', '/reports/:reportId/pages', 'read', 'report'),
  rest('GET', '/groups/:groupId/reports/:reportId/pages/:pageName', 'read'),
  rest('GET', '/reports/:reportId/pages/:pageName', 'read', 'report'),
  rest('GET', '/groups/:groupId/reports/:reportId/datasources', 'read'),
  rest('GET', '/reports/:reportId/datasources', 'read', 'report'),
  // Downloading the file is reading it; the service also requires that the report may be downloaded.
  rest('GET', '/groups/:groupId/reports/:reportId/Export', 'read'),
  rest('GET', '/reports/:reportId/Export', 'read', 'report'),
  rest('DELETE', '/groups/:groupId/reports/:reportId', 'deleteContent'),
  // Clone: reading the source suffices here; clone-report.ts checks the target workspace.
  rest('POST', '/groups/:groupId/reports/:reportId/Clone', 'read'),
  rest('POST', '/reports/:reportId/Clone', 'read', 'report'),
  rest('POST', '/groups/:groupId/reports/:reportId/ExportTo', 'read'),
  rest('GET', '/groups/:groupId/reports/:reportId/exports/:exportId', 'read'),
  rest('GET', '/groups/:groupId/reports/:reportId/exports/:exportId/file', 'read'),

  // Datasets.
  rest('GET', '/groups/:groupId/datasets', 'read'),
  rest('GET', '/groups/:groupId/datasets/:datasetId', 'read'),
  rest('GET', '/datasets/:datasetId', 'read', 'dataset'),
  rest('GET', '/groups/:groupId/datasets/:datasetId/refreshes', 'read'),
  rest('GET', '/datasets/:datasetId/refreshes', 'read', 'dataset'),
  rest('POST', '/groups/:groupId/datasets/:datasetId/refreshes', 'refresh'),
  rest('POST', '/datasets/:datasetId/refreshes', 'refresh', 'dataset'),
  rest('GET', '/groups/:groupId/datasets/:datasetId/parameters', 'read'),
  rest('GET', '/datasets/:datasetId/parameters', 'read', 'dataset'),
  rest('GET', '/groups/:groupId/datasets/:datasetId/datasources', 'read'),
  rest('GET', '/datasets/:datasetId/datasources', 'read', 'dataset'),
  // Who may use a dataset is who is in its workspace: listing them is listing workspace users.
  rest('GET', '/groups/:groupId/datasets/:datasetId/users', 'readUsers'),
  rest('GET', '/datasets/:datasetId/users', 'readUsers', 'dataset'),
  // Push datasets (push-datasets.ts).
  rest('POST', '/groups/:groupId/datasets', 'createContent'),
  rest('GET', '/groups/:groupId/datasets/:datasetId/tables', 'read'),
  rest('GET', '/datasets/:datasetId/tables', 'read', 'dataset'),
  rest('POST', '/groups/:groupId/datasets/:datasetId/tables/:tableName/rows', 'editContent'),
  rest('DELETE', '/groups/:groupId/datasets/:datasetId/tables/:tableName/rows', 'editContent'),

  // Dashboards and tiles.
  rest('GET', '/groups/:groupId/dashboards', 'read'),
  rest('GET', '/groups/:groupId/dashboards/:dashboardId', 'read'),
  rest('GET', '/dashboards/:dashboardId', 'read', 'dashboard'),
  rest('GET', '/groups/:groupId/dashboards/:dashboardId/tiles', 'read'),
  rest('GET', '/dashboards/:dashboardId/tiles', 'read', 'dashboard'),
  rest('GET', '/groups/:groupId/dashboards/:dashboardId/tiles/:tileId', 'read'),
  rest('GET', '/dashboards/:dashboardId/tiles/:tileId', 'read', 'dashboard'),

  // Embed tokens: the route's capability is the least any token needs; grant-policy.ts checks the
  // access level and every listed item.
  { method: 'POST', url: `${api}/GenerateToken`, guard: { kind: 'app', grant: true } },
  rest('POST', '/groups/:groupId/reports/:reportId/GenerateToken', 'embedView', 'group', true),
  rest('POST', '/groups/:groupId/reports/GenerateToken', 'embedCreate', 'group', true),
  rest('POST', '/groups/:groupId/datasets/:datasetId/GenerateToken', 'embedView', 'group', true),
  rest(
    'POST',
    '/groups/:groupId/dashboards/:dashboardId/GenerateToken',
    'embedView',
    'group',
    true,
  ),
  rest(
    'POST',
    '/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    'embedView',
    'group',
    true,
  ),
  publicRoute('ALL', `${api}/*`, 'unknown API paths answer 404 like the service'),

  // Links in webUrl: redirects to the embed page, which then needs a token like any embed.
  publicRoute('GET', '/groups/:groupId/reports/:reportId', 'redirects to the embed page'),
  publicRoute('GET', '/groups/:groupId/dashboards/:dashboardId', 'redirects to the embed page'),

  // What the emulator offers: the client secret only when the admin API is on (a local tool).
  publicRoute('GET', '/', 'the landing page: addresses and sample ids, no protected data'),
  publicRoute('GET', '/_emulator/info', 'the landing page as JSON'),
  publicRoute('GET', '/_emulator/assets/preview.js', "static script of the landing page's preview"),

  // Embed pages and their script: static, every request for data carries a token.
  ...[
    '/reportEmbed',
    '/dashboardEmbed',
    '/embed',
    '/tileEmbed',
    '/qnaEmbed',
    '/quickCreate',
    '/rdlEmbed',
  ].map((path) => publicRoute('GET', path, 'static embed page')),
  publicRoute('GET', '/_emulator/assets/frame.js', 'static frame script'),

  // The /_emulator API of the embed pages.
  embed('GET', '/reports/:reportId', 'readReport'),
  embed('PUT', '/reports/:reportId', 'editReport'),
  embed('POST', '/reports', 'createReport'),
  embed('GET', '/reports/:reportId/userState', 'userState'),
  embed('PUT', '/reports/:reportId/userState', 'userState'),
  embed('DELETE', '/reports/:reportId/userState', 'userState'),
  embed('GET', '/dashboards/:dashboardId', 'readDashboard'),
  embed('GET', '/dashboards/:dashboardId/tiles/:tileId', 'readTile'),
  embed('GET', '/dashboards/:dashboardId/tiles/:tileId/data', 'readTile'),
  embed('POST', '/query', 'query'),
  embed('POST', '/qna', 'readDataset'),
  embed('GET', '/datasets/:datasetId/schema', 'readDataset'),
  publicRoute(
    'POST',
    '/_emulator/token/verify',
    'checks the token in the body, reveals its expiry',
  ),
  { method: 'GET', url: '/_emulator/admin/knobs', guard: { kind: 'admin' } },
  { method: 'POST', url: '/_emulator/admin/knobs', guard: { kind: 'admin' } },
  { method: 'DELETE', url: '/_emulator/admin/knobs', guard: { kind: 'admin' } },
  { method: 'GET', url: '/_emulator/admin/info', guard: { kind: 'admin' } },
  publicRoute('ALL', '/_emulator/*', 'unknown paths answer 404'),
];

const byKey = new Map(routePolicies.map((policy) => [`${policy.method} ${policy.url}`, policy]));

/**
 * The rule of a route (HEAD shares its GET's rule); `url` is the route's pattern without the mount
 * prefix. Undefined means the route has no rule, which the guards refuse.
 */
export function policyFor(method: string, url: string): RoutePolicy | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  // Mounted at a prefix, `/` is also registered without its slash (`/pbi` beside `/pbi/`).
  const path = url === '' ? '/' : url;
  return byKey.get(`${verb} ${path}`) ?? byKey.get(`ALL ${path}`);
}
