import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MintTokenOptions, RunningEmulator } from '../src/index.ts';
import { call, internal } from './support/harness.ts';
import {
  seedWorkspace,
  startPolicyEmulator,
  type SeededWorkspace,
} from './support/policy-fixture.ts';

/**
 * Token kind × resource × access level: every kind of embed token GenerateToken issues is tried on
 * every operation of the embed pages' API, against the resource it names and against neighbours it
 * does not (another report, tile or dashboard of the same workspace, the same items in another
 * workspace). Each cell states the service's answer: 200 or the 403 error body.
 */
let emulator: RunningEmulator;
let w1: SeededWorkspace;
let w2: SeededWorkspace;
beforeAll(async () => {
  ({ emulator } = await startPolicyEmulator());
  w1 = seedWorkspace(emulator, 'W1');
  w2 = seedWorkspace(emulator, 'W2');
});
afterAll(() => emulator.close());

const kinds = {
  reportView: (): MintTokenOptions => ({ reports: [w1.salesReportId] }),
  reportEdit: (): MintTokenOptions => ({ reports: [{ id: w1.salesReportId, allowEdit: true }] }),
  reportEditSaveAs: (): MintTokenOptions => ({
    reports: [{ id: w1.salesReportId, allowEdit: true }],
    allowSaveAs: true,
  }),
  create: (): MintTokenOptions => ({ datasets: [w1.datasetId], targetWorkspaces: [w1.groupId] }),
  dataset: (): MintTokenOptions => ({ datasets: [w1.datasetId] }),
  dashboard: (): MintTokenOptions => ({ dashboards: [w1.dashboardId] }),
  tile: (): MintTokenOptions => ({ tiles: [w1.tileIds[0] ?? ''] }),
};
type Kind = keyof typeof kinds;

const byRegion = {
  groupBy: [{ table: 'Sales', column: 'Region' }],
  measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
};

/** The operations of the embed API, each on a resource the token may or may not name. */
const operations = {
  readReport: () => ({ path: `/reports/${w1.salesReportId}` }),
  readOtherReport: () => ({ path: `/reports/${w1.paginatedReportId}` }),
  readReportOtherWorkspace: () => ({ path: `/reports/${w2.salesReportId}` }),
  editReport: () => ({
    path: `/reports/${w1.salesReportId}`,
    method: 'PUT',
    body: emulator.state.reports.get(w1.salesReportId)?.definition,
  }),
  saveAs: () => ({
    path: '/reports',
    body: { name: 'Copy', datasetId: w1.datasetId, sourceReportId: w1.salesReportId },
  }),
  createReport: () => ({ path: '/reports', body: { name: 'New', datasetId: w1.datasetId } }),
  queryReport: () => ({
    path: `/query?reportId=${w1.salesReportId}`,
    body: { datasetId: w1.datasetId, ...byRegion },
  }),
  underlyingRows: () => ({
    path: '/query',
    body: { datasetId: w1.datasetId, ...byRegion, mode: 'underlying' },
  }),
  queryOtherWorkspace: () => ({ path: '/query', body: { datasetId: w2.datasetId, ...byRegion } }),
  schema: () => ({ path: `/datasets/${w1.datasetId}/schema` }),
  userState: () => ({ path: `/reports/${w1.salesReportId}/userState` }),
  readDashboard: () => ({ path: `/dashboards/${w1.dashboardId}` }),
  readDashboardOtherWorkspace: () => ({ path: `/dashboards/${w2.dashboardId}` }),
  readTile: () => ({ path: `/dashboards/${w1.dashboardId}/tiles/${w1.tileIds[0]}` }),
  tileData: () => ({ path: `/dashboards/${w1.dashboardId}/tiles/${w1.tileIds[0]}/data` }),
  readOtherTile: () => ({ path: `/dashboards/${w1.dashboardId}/tiles/${w1.tileIds[1]}` }),
  tileOtherWorkspace: () => ({ path: `/dashboards/${w2.dashboardId}/tiles/${w2.tileIds[0]}` }),
};
type Operation = keyof typeof operations;

/** The expected answers: the operations each token kind may perform; everything else is 403. */
const allowed: Record<Kind, Operation[]> = {
  reportView: ['readReport', 'queryReport', 'underlyingRows', 'schema', 'userState'],
  reportEdit: ['readReport', 'editReport', 'queryReport', 'underlyingRows', 'schema', 'userState'],
  reportEditSaveAs: [
    'readReport',
    'editReport',
    'saveAs',
    'queryReport',
    'underlyingRows',
    'schema',
    'userState',
  ],
  create: ['createReport', 'underlyingRows', 'schema'],
  dataset: ['underlyingRows', 'schema'],
  dashboard: ['readDashboard', 'readTile', 'tileData', 'readOtherTile'],
  tile: ['readTile', 'tileData'],
};

describe('token kind × resource × access level', () => {
  const cells = (Object.keys(kinds) as Kind[]).flatMap((kind) =>
    (Object.keys(operations) as Operation[]).map((operation) => ({
      kind,
      operation,
      status: allowed[kind].includes(operation) ? 200 : 403,
    })),
  );

  it.each(cells)('$kind token: $operation → $status', async ({ kind, operation, status }) => {
    const { token } = emulator.mintToken(kinds[kind]());
    const { path, method, body } = operations[operation]() as {
      path: string;
      method?: string;
      body?: unknown;
    };
    const response = await internal(emulator, token)(path, {
      ...(method ? { method } : {}),
      ...(body !== undefined ? { body } : {}),
    });
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(status);
    if (status === 403) expect(response.body.error.code).toBe('PowerBINotAuthorizedException');
  });

  it('lets a Create or saveAs token keep opening and saving the report it made, and nothing else', async () => {
    const { token } = emulator.mintToken(kinds.create());
    const frame = internal(emulator, token);
    const created = await frame('/reports', { body: { name: 'Mine', datasetId: w1.datasetId } });
    expect(created.status).toBe(200);
    expect((await frame(`/reports/${created.body.id}`)).status).toBe(200);
    const saved = await frame(`/reports/${created.body.id}`, {
      method: 'PUT',
      body: { name: 'Mine', pages: created.body.pages },
    });
    expect(saved.status).toBe(200);
    const other = internal(emulator, emulator.mintToken(kinds.create()).token);
    expect((await other(`/reports/${created.body.id}`)).status).toBe(403);
  });

  it('refuses a token whose workspace is not the one the GenerateToken URL names', async () => {
    const api = (path: string, body: unknown) =>
      call(`${emulator.apiUrl}${path}`, { token: emulator.appToken(), body });
    // A W1 per-item route cannot list a W2 dataset.
    const foreign = await api(`/groups/${w1.groupId}/reports/${w1.salesReportId}/GenerateToken`, {
      accessLevel: 'View',
      datasetId: w2.datasetId,
    });
    expect(foreign.status).toBe(403);
    // A W1 tile route cannot name a W2 tile, nor a W1 dashboard route a W2 dashboard.
    const tile = await api(
      `/groups/${w1.groupId}/dashboards/${w2.dashboardId}/tiles/${w2.tileIds[0]}/GenerateToken`,
      {},
    );
    expect(tile.status).toBe(403);
    const dashboard = await api(
      `/groups/${w1.groupId}/dashboards/${w2.dashboardId}/GenerateToken`,
      {},
    );
    expect(dashboard.status).toBe(403);
    const dataset = await api(`/groups/${w1.groupId}/datasets/${w2.datasetId}/GenerateToken`, {});
    expect(dataset.status).toBe(403);
  });
});

describe('identity × dataset (row-level security)', () => {
  /** Sales (RLS) of W1 and W2: both require an identity; Sales is open. */
  const rls1 = () => w1.securedDatasetId;
  const rls2 = () => w2.securedDatasetId;
  const identities = {
    none: () => undefined,
    forRls1: () => [{ username: 'Europe', roles: ['RegionManager'], datasets: [rls1()] }],
    forRls2: () => [{ username: 'Europe', roles: ['RegionManager'], datasets: [rls2()] }],
    forBoth: () => [{ username: 'Europe', roles: ['RegionManager'], datasets: [rls1(), rls2()] }],
    unbound: () => [{ username: 'Europe', roles: ['RegionManager'] }],
  };
  const datasets = { open: () => w1.datasetId, rls1, rls2 };
  type IdentityCase = keyof typeof identities;
  type DatasetCase = keyof typeof datasets;
  /** What GenerateToken answers, and for issued tokens which regions a query sees. */
  const expected: Record<DatasetCase, Record<IdentityCase, string[] | RegExp>> = {
    open: {
      none: ['Africa', 'Asia', 'Europe', 'North America', 'Oceania', 'South America'],
      forRls1: /not one of the token's datasets/,
      forRls2: /not one of the token's datasets/,
      forBoth: /not one of the token's datasets/,
      unbound: /shouldn't have effective identity/,
    },
    rls1: {
      none: /requires effective identity to be provided/,
      forRls1: ['Europe'],
      forRls2: /not one of the token's datasets/,
      forBoth: /not one of the token's datasets/,
      unbound: ['Europe'],
    },
    rls2: {
      none: /requires effective identity to be provided/,
      forRls1: /not one of the token's datasets/,
      forRls2: ['Europe'],
      forBoth: /not one of the token's datasets/,
      unbound: ['Europe'],
    },
  };
  const cells = (Object.keys(datasets) as DatasetCase[]).flatMap((dataset) =>
    (Object.keys(identities) as IdentityCase[]).map((identity) => ({
      dataset,
      identity,
      want: expected[dataset][identity],
    })),
  );

  it.each(cells)(
    'identity $identity on dataset $dataset → $want',
    async ({ dataset, identity, want }) => {
      const datasetId = datasets[dataset]();
      const list = identities[identity]();
      const mint = () =>
        emulator.mintToken({ datasets: [datasetId], ...(list ? { identities: list } : {}) });
      if (want instanceof RegExp) {
        expect(mint).toThrow(want);
        return;
      }
      const response = await internal(emulator, mint().token)('/query', {
        body: { datasetId, ...byRegion },
      });
      expect(response.status).toBe(200);
      const regions = (response.body.rows as unknown[][]).map((row) => row[0]).sort();
      expect(regions).toEqual(want.length === 6 ? expect.arrayContaining(['Europe']) : want);
      if (want.length === 6) expect(regions.length).toBeGreaterThan(1);
    },
  );

  it('an identity for one RLS dataset never unlocks another, even listed in the same token', async () => {
    const { token } = emulator.mintToken({
      datasets: [rls1(), rls2()],
      identities: [
        { username: 'Europe', roles: ['RegionManager'], datasets: [rls1()] },
        { username: 'Asia', roles: ['RegionManager'], datasets: [rls2()] },
      ],
    });
    const frame = internal(emulator, token);
    const seen = async (datasetId: string) =>
      ((await frame('/query', { body: { datasetId, ...byRegion } })).body.rows as unknown[][]).map(
        (row) => row[0],
      );
    expect(await seen(rls1())).toEqual(['Europe']);
    expect(await seen(rls2())).toEqual(['Asia']);
  });

  it('filters by customData roles and combines several roles', async () => {
    const customer = (await emulator.context.database.query('SELECT Customer FROM Sales LIMIT 1'))
      .rows[0]?.[0] as string;
    const { token } = emulator.mintToken({
      datasets: [rls1()],
      identities: [
        {
          username: 'Oceania',
          roles: ['CustomerByCustomData', 'RegionManager'],
          customData: customer,
          datasets: [rls1()],
        },
      ],
    });
    const response = await internal(emulator, token)('/query', {
      body: {
        datasetId: rls1(),
        groupBy: [{ table: 'Sales', column: 'Customer' }],
        measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
      },
    });
    const direct = await emulator.context.database.query(
      `SELECT count(DISTINCT Customer) FROM Sales WHERE Customer = $1 OR Region = 'Oceania'`,
      [customer],
    );
    expect(response.body.rows.length).toBe(Number(direct.rows[0]?.[0]));
    expect(response.body.rows.map((row: unknown[]) => row[0])).toContain(customer);
  });

  it('applies the same rule to Export To File', async () => {
    const exportAs = (principal: string, identities?: unknown[]) =>
      call(`${emulator.apiUrl}/groups/${w1.groupId}/reports/${w1.securedReportId}/ExportTo`, {
        token: emulator.appToken(principal),
        body: {
          format: 'PDF',
          ...(identities ? { powerBIReportConfiguration: { identities } } : {}),
        },
      });
    const viewer = 'a0000000-0000-4000-8000-00000000000d';
    expect((await exportAs(viewer)).status).toBe(403);
    expect((await exportAs(viewer, identities.forRls1())).status).toBe(202);
    const unknownRole = [{ username: 'x', roles: ['Nope'], datasets: [rls1()] }];
    expect((await exportAs(viewer, unknownRole)).status).toBe(400);
    expect((await exportAs('a0000000-0000-4000-8000-00000000000a')).status).toBe(202);
  });

  it('refuses a Viewer app token on an RLS dataset; higher roles see every row', async () => {
    const body = { datasetId: rls1(), ...byRegion };
    const viewer = await call(`${emulator.url}/_emulator/query`, {
      token: emulator.appToken('a0000000-0000-4000-8000-00000000000d'),
      body,
    });
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.message).toBe(
      `Creating embed token for accessing dataset ${rls1()} requires effective identity to be provided`,
    );
    const contributor = await call(`${emulator.url}/_emulator/query`, {
      token: emulator.appToken('a0000000-0000-4000-8000-00000000000c'),
      body,
    });
    expect(contributor.body.rows.length).toBeGreaterThan(1);
  });
});
