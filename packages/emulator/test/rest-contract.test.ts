import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorPlugin, type RunningEmulator } from '../src/index.ts';
import { restContract, shapes } from '../src/rest/rest-contract.ts';
import { violations } from '../src/rest/rest-shapes.ts';
import { start, type Wire } from './support/harness.ts';

const api = '/v1.0/myorg';

/** Every REST operation the emulator routes, as `METHOD path` relative to /v1.0/myorg. */
async function routedOperations(): Promise<string[]> {
  const app = Fastify();
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS' || !route.url.startsWith(`${api}/`)) continue;
      // The fallback that answers unknown paths with 404 is not an operation.
      if (route.url === `${api}/*`) continue;
      routes.push(`${method} ${route.url.slice(api.length)}`);
    }
  });
  await app.register(emulatorPlugin, { emulator: { rows: 1000 } });
  await app.ready();
  await app.close();
  return routes;
}

/** Ids the calls below create or discover, for the calls after them. */
interface Ids {
  groupId: string;
  reportId: string;
  paginatedReportId: string;
  datasetId: string;
  dashboardId: string;
  tileId: string;
  newGroupId: string;
  cloneId: string;
  exportId: string;
  pushDatasetId: string;
  profileId: string;
  clientId: string;
}

interface Call {
  /** The operation, as keyed in the contract. */
  op: string;
  path(ids: Ids): string;
  body?(ids: Ids): unknown;
  /** Reads what later calls need from the answer. */
  keep?(body: Wire, ids: Ids): void;
  /** Runs before the call (for example, lets an export finish). */
  before?(): void;
}

let now = Date.now();
const calls: Call[] = [
  // Workspaces and users: a new workspace, so the writes below touch nothing shared.
  { op: 'GET /groups', path: () => '/groups' },
  {
    op: 'POST /groups',
    path: () => '/groups',
    body: () => ({ name: 'Contract check' }),
    keep: (body, ids) => void (ids.newGroupId = body.id),
  },
  { op: 'GET /groups/:groupId', path: (ids) => `/groups/${ids.newGroupId}` },
  {
    op: 'POST /groups/:groupId/AssignToCapacity',
    path: (ids) => `/groups/${ids.newGroupId}/AssignToCapacity`,
    body: () => ({ capacityId: '0f084df7-c13d-451b-af5f-ed0c466403b2' }),
  },
  // After the assignment: capacityId is now in the answer and must be a GUID.
  { op: 'GET /groups/:groupId', path: (ids) => `/groups/${ids.newGroupId}` },
  {
    op: 'POST /groups/:groupId/users',
    path: (ids) => `/groups/${ids.newGroupId}/users`,
    body: () => ({ emailAddress: 'ops@example.com', groupUserAccessRight: 'Viewer' }),
  },
  // A profile, granted access to the new workspace: the users list then carries its `profile`.
  {
    op: 'POST /profiles',
    path: () => '/profiles',
    body: () => ({ displayName: 'Contract profile' }),
    keep: (body, ids) => void (ids.profileId = body.id),
  },
  { op: 'GET /profiles', path: () => '/profiles' },
  { op: 'GET /profiles/:profileId', path: (ids) => `/profiles/${ids.profileId}` },
  {
    op: 'PUT /profiles/:profileId',
    path: (ids) => `/profiles/${ids.profileId}`,
    body: () => ({ displayName: 'Contract profile, renamed' }),
  },
  {
    op: 'POST /groups/:groupId/users',
    path: (ids) => `/groups/${ids.newGroupId}/users`,
    body: (ids) => ({
      identifier: ids.clientId,
      principalType: 'App',
      groupUserAccessRight: 'Viewer',
      profile: { id: ids.profileId },
    }),
  },
  { op: 'GET /groups/:groupId/users', path: (ids) => `/groups/${ids.newGroupId}/users` },
  {
    op: 'DELETE /groups/:groupId/users/:user',
    path: (ids) => `/groups/${ids.newGroupId}/users/ops@example.com`,
  },
  { op: 'GET /availableFeatures', path: () => '/availableFeatures' },

  // Reports, in both forms.
  { op: 'GET /groups/:groupId/reports', path: (ids) => `/groups/${ids.groupId}/reports` },
  { op: 'GET /reports', path: () => '/reports' },
  ...groupAndMine('/reports/:reportId', (ids) => `/reports/${ids.reportId}`),
  ...groupAndMine('/reports/:reportId', (ids) => `/reports/${ids.paginatedReportId}`),
  ...groupAndMine('/reports/:reportId/pages', (ids) => `/reports/${ids.reportId}/pages`),
  ...groupAndMine(
    '/reports/:reportId/pages/:pageName',
    (ids) => `/reports/${ids.reportId}/pages/ReportSection1`,
  ),
  ...groupAndMine(
    '/reports/:reportId/datasources',
    (ids) => `/reports/${ids.reportId}/datasources`,
  ),
  ...groupAndMine('/reports/:reportId/Export', (ids) => `/reports/${ids.reportId}/Export`),
  {
    op: 'POST /groups/:groupId/reports/:reportId/Clone',
    path: (ids) => `/groups/${ids.groupId}/reports/${ids.reportId}/Clone`,
    body: (ids) => ({ name: 'Contract clone', targetWorkspaceId: ids.newGroupId }),
    keep: (body, ids) => void (ids.cloneId = body.id),
  },
  {
    op: 'POST /reports/:reportId/Clone',
    path: (ids) => `/reports/${ids.reportId}/Clone`,
    body: (ids) => ({ name: 'Contract clone 2', targetWorkspaceId: ids.newGroupId }),
  },
  // The clone: originalReportId is in its answer.
  { op: 'GET /reports/:reportId', path: (ids) => `/reports/${ids.cloneId}` },
  {
    op: 'POST /groups/:groupId/reports/:reportId/ExportTo',
    path: (ids) => `/groups/${ids.groupId}/reports/${ids.reportId}/ExportTo`,
    body: () => ({ format: 'PDF' }),
    keep: (body, ids) => void (ids.exportId = body.id),
  },
  {
    op: 'GET /groups/:groupId/reports/:reportId/exports/:exportId',
    path: (ids) => `/groups/${ids.groupId}/reports/${ids.reportId}/exports/${ids.exportId}`,
    before: () => void (now += 500),
  },
  {
    op: 'GET /groups/:groupId/reports/:reportId/exports/:exportId',
    path: (ids) => `/groups/${ids.groupId}/reports/${ids.reportId}/exports/${ids.exportId}`,
    before: () => void (now += 60_000),
  },
  {
    op: 'GET /groups/:groupId/reports/:reportId/exports/:exportId/file',
    path: (ids) => `/groups/${ids.groupId}/reports/${ids.reportId}/exports/${ids.exportId}/file`,
  },
  {
    op: 'DELETE /groups/:groupId/reports/:reportId',
    path: (ids) => `/groups/${ids.newGroupId}/reports/${ids.cloneId}`,
  },

  // Datasets, in both forms.
  { op: 'GET /groups/:groupId/datasets', path: (ids) => `/groups/${ids.groupId}/datasets` },
  { op: 'GET /datasets', path: () => '/datasets' },
  ...groupAndMine('/datasets/:datasetId', (ids) => `/datasets/${ids.datasetId}`),
  {
    op: 'POST /groups/:groupId/datasets/:datasetId/refreshes',
    path: (ids) => `/groups/${ids.groupId}/datasets/${ids.datasetId}/refreshes`,
    body: () => ({ notifyOption: 'NoNotification' }),
  },
  {
    op: 'POST /datasets/:datasetId/refreshes',
    path: (ids) => `/datasets/${ids.datasetId}/refreshes`,
    body: () => ({ notifyOption: 'NoNotification' }),
  },
  // One refresh still running (no end time), one finished.
  ...groupAndMine(
    '/datasets/:datasetId/refreshes',
    (ids) => `/datasets/${ids.datasetId}/refreshes`,
  ),
  {
    op: 'GET /datasets/:datasetId/refreshes',
    path: (ids) => `/datasets/${ids.datasetId}/refreshes`,
    before: () => void (now += 3_600_000),
  },
  ...groupAndMine(
    '/datasets/:datasetId/parameters',
    (ids) => `/datasets/${ids.datasetId}/parameters`,
  ),
  ...groupAndMine(
    '/datasets/:datasetId/datasources',
    (ids) => `/datasets/${ids.datasetId}/datasources`,
  ),
  ...groupAndMine('/datasets/:datasetId/users', (ids) => `/datasets/${ids.datasetId}/users`),
  {
    op: 'POST /groups/:groupId/datasets',
    path: (ids) => `/groups/${ids.newGroupId}/datasets`,
    body: () => ({
      name: 'Pushed',
      tables: [
        {
          name: 'Invoices',
          columns: [
            { name: 'Total', dataType: 'Double' },
            { name: 'Customer', dataType: 'String' },
          ],
        },
      ],
    }),
    keep: (body, ids) => void (ids.pushDatasetId = body.id),
  },
  {
    op: 'GET /groups/:groupId/datasets/:datasetId',
    path: (ids) => `/groups/${ids.newGroupId}/datasets/${ids.pushDatasetId}`,
  },
  ...groupAndMine(
    '/datasets/:datasetId/tables',
    (ids) => `/datasets/${ids.pushDatasetId}/tables`,
    (ids) => ids.newGroupId,
  ),
  {
    op: 'POST /groups/:groupId/datasets/:datasetId/tables/:tableName/rows',
    path: (ids) => `/groups/${ids.newGroupId}/datasets/${ids.pushDatasetId}/tables/Invoices/rows`,
    body: () => ({ rows: [{ Total: 12.5, Customer: 'Contoso' }] }),
  },
  {
    op: 'DELETE /groups/:groupId/datasets/:datasetId/tables/:tableName/rows',
    path: (ids) => `/groups/${ids.newGroupId}/datasets/${ids.pushDatasetId}/tables/Invoices/rows`,
  },

  // Dashboards and tiles, in both forms.
  { op: 'GET /groups/:groupId/dashboards', path: (ids) => `/groups/${ids.groupId}/dashboards` },
  { op: 'GET /dashboards', path: () => '/dashboards' },
  ...groupAndMine('/dashboards/:dashboardId', (ids) => `/dashboards/${ids.dashboardId}`),
  ...groupAndMine(
    '/dashboards/:dashboardId/tiles',
    (ids) => `/dashboards/${ids.dashboardId}/tiles`,
    undefined,
    (body, ids) => void (ids.tileId = body.value[0].id),
  ),
  ...groupAndMine(
    '/dashboards/:dashboardId/tiles/:tileId',
    (ids) => `/dashboards/${ids.dashboardId}/tiles/${ids.tileId}`,
  ),

  // Embed tokens.
  {
    op: 'POST /GenerateToken',
    path: () => '/GenerateToken',
    body: (ids) => ({ reports: [{ id: ids.reportId }], datasets: [{ id: ids.datasetId }] }),
  },
  {
    op: 'POST /groups/:groupId/reports/:reportId/GenerateToken',
    path: (ids) => `/groups/${ids.groupId}/reports/${ids.reportId}/GenerateToken`,
    body: () => ({ accessLevel: 'View' }),
  },
  {
    op: 'POST /groups/:groupId/reports/GenerateToken',
    path: (ids) => `/groups/${ids.groupId}/reports/GenerateToken`,
    body: (ids) => ({ accessLevel: 'Create', datasetId: ids.datasetId }),
  },
  {
    op: 'POST /groups/:groupId/datasets/:datasetId/GenerateToken',
    path: (ids) => `/groups/${ids.groupId}/datasets/${ids.datasetId}/GenerateToken`,
    body: () => ({ accessLevel: 'View' }),
  },
  {
    op: 'POST /groups/:groupId/dashboards/:dashboardId/GenerateToken',
    path: (ids) => `/groups/${ids.groupId}/dashboards/${ids.dashboardId}/GenerateToken`,
    body: () => ({ accessLevel: 'View' }),
  },
  {
    op: 'POST /groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    path: (ids) =>
      `/groups/${ids.groupId}/dashboards/${ids.dashboardId}/tiles/${ids.tileId}/GenerateToken`,
    body: () => ({ accessLevel: 'View' }),
  },

  // Last: the profile and the workspace created above go.
  { op: 'DELETE /profiles/:profileId', path: (ids) => `/profiles/${ids.profileId}` },
  { op: 'DELETE /groups/:groupId', path: (ids) => `/groups/${ids.newGroupId}` },
];

/** A GET in its group form (`/groups/{id}…`) and its My-workspace form. */
function groupAndMine(
  route: string,
  path: (ids: Ids) => string,
  group: (ids: Ids) => string = (ids) => ids.groupId,
  keep?: Call['keep'],
): Call[] {
  return [
    {
      op: `GET /groups/:groupId${route}`,
      path: (ids) => `/groups/${group(ids)}${path(ids)}`,
      keep,
    },
    { op: `GET ${route}`, path, keep },
  ];
}

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ rows: 1000, now: () => now });
});
afterAll(() => emulator.close());

describe('the REST contract', () => {
  it('covers every operation the emulator answers, and names no other', async () => {
    const routed = await routedOperations();
    expect(routed.length).toBeGreaterThanOrEqual(60);
    expect(routed.filter((op) => !(op in restContract))).toEqual([]);
    expect(Object.keys(restContract).filter((op) => !routed.includes(op))).toEqual([]);
    // And the calls below try each of them.
    const called = new Set(calls.map((call) => call.op));
    expect(Object.keys(restContract).filter((op) => !called.has(op))).toEqual([]);
  });

  it('answers every operation with the status and the body shape of the service', async () => {
    const { sample } = emulator;
    const ids: Ids = {
      groupId: sample.groupId,
      reportId: sample.salesReportId,
      paginatedReportId: sample.paginatedReportId,
      datasetId: sample.datasetId,
      dashboardId: sample.dashboardId,
      tileId: '',
      newGroupId: '',
      cloneId: '',
      exportId: '',
      pushDatasetId: '',
      profileId: '',
      clientId: emulator.clientId,
    };
    const problems: string[] = [];
    for (const call of calls) {
      call.before?.();
      const method = call.op.slice(0, call.op.indexOf(' '));
      const path = call.path(ids);
      const requestBody = call.body?.(ids);
      const response = await fetch(`${emulator.apiUrl}${path}`, {
        method,
        headers: {
          // A fresh app token each time: the calls move the emulator's clock forward by hours.
          authorization: `Bearer ${emulator.appToken()}`,
          ...(requestBody === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(requestBody === undefined ? {} : { body: JSON.stringify(requestBody) }),
      });
      const contract = restContract[call.op]!;
      const where = `${method} ${path} (${call.op})`;
      const text = Buffer.from(await response.arrayBuffer());
      if (!contract.status.includes(response.status)) {
        problems.push(`${where}: status ${response.status}: ${text.toString('utf8', 0, 300)}`);
        continue;
      }
      if (contract.body === 'file') {
        const disposition = response.headers.get('content-disposition') ?? '';
        if (!disposition.startsWith('attachment;') || text.length === 0) {
          problems.push(`${where}: not a file download (${disposition}, ${text.length} bytes)`);
        }
        continue;
      }
      if (contract.body === 'none') {
        const body = text.toString('utf8');
        if (body !== '' && body !== '{}') problems.push(`${where}: unexpected body ${body}`);
        continue;
      }
      const body: Wire = JSON.parse(text.toString('utf8'));
      problems.push(...violations(body, contract.body).map((problem) => `${where}: ${problem}`));
      call.keep?.(body, ids);
    }
    expect(problems).toEqual([]);
    // The calls reached what they were meant to: the later ones depended on these ids.
    expect(ids.tileId).not.toBe('');
    expect(ids.exportId).not.toBe('');
    expect(ids.profileId).not.toBe('');
  });
});

describe('the shape check itself', () => {
  it('reports a missing required field, a wrong type, a bad GUID or date and a value outside an enum', () => {
    expect(violations({ value: [{ displayName: 'x', order: '1' }] }, shapes.Pages)).toEqual([
      '$.value[0].name: missing',
      '$.value[0].order: not an integer',
    ]);
    expect(violations({ id: 'not-a-guid', reportType: 'Excel' }, shapes.Report)).toEqual([
      '$.id: not a GUID',
      '$.reportType: Excel not in enum',
    ]);
    expect(
      violations(
        { token: 't', tokenId: '6e4a1d7a-0c1b-4f3e-9a3f-1b2c3d4e5f60', expiration: 'tomorrow' },
        shapes.EmbedToken,
      ),
    ).toEqual(['$.expiration: not an ISO 8601 date-time']);
    expect(violations({ value: 'x' }, shapes.Groups)).toEqual(['$.value: not an array']);
  });
});
