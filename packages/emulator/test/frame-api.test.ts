import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult, ReportDefinition, RunningEmulator } from '../src/index.ts';
import { appTokenFor, call, internal, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
let now = Date.now();
beforeAll(async () => {
  emulator = await start({ rows: 5000, now: () => now });
});
afterAll(() => emulator.close());

describe('/_emulator token checks', () => {
  it('serves the report definition to a token covering it', async () => {
    const { token } = emulator.mintToken({ reports: [emulator.sample.salesReportId] });
    const response = await internal(
      emulator,
      token,
    )<ReportDefinition>(`/reports/${emulator.sample.salesReportId}`);
    expect(response.status).toBe(200);
    expect(response.body.pages.map((p) => p.displayName)).toEqual([
      'Overview',
      'Details',
      'Product detail',
    ]);
    expect(response.body.pages[0]?.visuals.map((v) => v.type)).toEqual([
      'card',
      'clusteredColumnChart',
      'lineChart',
      'donutChart',
    ]);
    expect(response.body.pages[1]?.visuals.map((v) => v.type).sort()).toEqual([
      'clusteredBarChart',
      'pivotTable',
      'slicer',
      'tableEx',
    ]);
    expect(response.body.bookmarks?.map((b) => b.displayName)).toEqual([
      'Europe only',
      'Bikes, last 12 months',
    ]);
  });

  it('refuses tokens it did not issue (401 InvalidToken), missing ones, and expired ones (403 TokenExpired)', async () => {
    const path = `/reports/${emulator.sample.salesReportId}`;
    const other = await start({ rows: 10 });
    const foreign = other.mintToken().token;
    await other.close();
    const refused = await internal(emulator, foreign)(path);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      error: {
        code: 'InvalidToken',
        message: expect.stringContaining('not issued by this emulator') as string,
      },
    });
    const missing = await call(`${emulator.url}/_emulator${path}`);
    expect(missing.status).toBe(401);
    expect(missing.body.error.code).toBe('InvalidToken');
    const expired = emulator.mintToken({
      reports: [emulator.sample.salesReportId],
      expiresInSeconds: -1,
    });
    const late = await internal(emulator, expired.token)(path);
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe('TokenExpired');
    const soon = emulator.mintToken({
      reports: [emulator.sample.salesReportId],
      lifetimeInMinutes: 1,
    });
    expect((await internal(emulator, soon.token)(path)).status).toBe(200);
    now += 61_000;
    expect((await internal(emulator, soon.token)(path)).status).toBe(403);
  });

  it('refuses a token that does not cover the report or dataset (403 PowerBINotAuthorizedException)', async () => {
    const { token } = emulator.mintToken({ reports: [emulator.sample.paginatedReportId] });
    const frame = internal(emulator, token);
    const report = await frame(`/reports/${emulator.sample.salesReportId}`);
    expect(report.status).toBe(403);
    expect(report.body.error.code).toBe('PowerBINotAuthorizedException');
    const api = rest(emulator, await appTokenFor(emulator));
    const workspace = await api('/groups', { body: { name: 'Tenant B' } });
    const datasets = await api(`/groups/${workspace.body.id as string}/datasets`);
    const foreignDataset = datasets.body.value[0].id as string;
    const query = await frame('/query', {
      body: {
        datasetId: foreignDataset,
        measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
      },
    });
    expect(query.status).toBe(403);
    expect((await frame(`/datasets/${foreignDataset}/schema`)).status).toBe(403);
    expect((await frame('/reports/unknown')).status).toBe(404);
  });

  it('verifies tokens for setAccessToken', async () => {
    const minted = emulator.mintToken();
    const ok = await call(`${emulator.url}/_emulator/token/verify`, {
      body: { token: minted.token },
    });
    expect(ok.body).toEqual({ ok: true, expiresAt: minted.expiration });
    const bad = await call(`${emulator.url}/_emulator/token/verify`, { body: { token: 'x.y.z' } });
    expect(bad.status).toBe(401);
    expect((await call(`${emulator.url}/_emulator/token/verify`, { body: {} })).status).toBe(400);
  });

  it('accepts app tokens of workspace members', async () => {
    const response = await internal(
      emulator,
      emulator.appToken(),
    )(`/reports/${emulator.sample.salesReportId}`);
    expect(response.status).toBe(200);
  });
});

describe('/_emulator dashboards and schema', () => {
  it('serves dashboards to dashboard tokens and a single tile to tile tokens', async () => {
    const { dashboardId } = emulator.sample;
    const full = await internal(
      emulator,
      emulator.mintToken({ dashboards: [dashboardId] }).token,
    )(`/dashboards/${dashboardId}`);
    expect(full.body.tiles).toHaveLength(4);
    const tileId = full.body.tiles[2].id as string;
    const tileToken = emulator.mintToken({ tiles: [tileId] }).token;
    const tileApi = internal(emulator, tileToken);
    const tile = await tileApi(`/dashboards/${dashboardId}/tiles/${tileId}`);
    expect(tile.status).toBe(200);
    expect(tile.body.tile.id).toBe(tileId);
    expect(tile.body.visual.name).toBe(full.body.tiles[2].visualName);
    const data = await tileApi(`/dashboards/${dashboardId}/tiles/${tileId}/data`);
    expect(data.status).toBe(200);
    expect(data.body.rows.length).toBeGreaterThan(0);
    // Its tile only: not the dashboard, another tile, the report behind it, or free queries.
    expect((await tileApi(`/dashboards/${dashboardId}`)).status).toBe(403);
    const otherTile = full.body.tiles[0].id as string;
    expect((await tileApi(`/dashboards/${dashboardId}/tiles/${otherTile}`)).status).toBe(403);
    expect((await tileApi(`/reports/${emulator.sample.salesReportId}`)).status).toBe(403);
    const query = await tileApi(`/query?reportId=${emulator.sample.salesReportId}`, {
      body: {
        datasetId: emulator.sample.datasetId,
        measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
      },
    });
    expect(query.status).toBe(403);
  });

  it('describes the dataset schema with cloud data types and measures', async () => {
    const response = await internal(
      emulator,
      emulator.mintToken().token,
    )(`/datasets/${emulator.sample.datasetId}/schema`);
    const sales = response.body.tables[0];
    expect(sales.name).toBe('Sales');
    expect(sales.columns).toContainEqual({ name: 'OrderDate', dataType: 'DateTime' });
    expect(sales.columns).toContainEqual({ name: 'Amount', dataType: 'Decimal' });
    expect(sales.measures).toContainEqual({
      name: 'Total Amount',
      expression: 'SUM(Sales[Amount])',
    });
  });

  it('answers Q&A for a covered dataset', async () => {
    const frame = internal(
      emulator,
      emulator.mintToken({ datasets: [emulator.sample.datasetId] }).token,
    );
    const answer = await frame('/qna', {
      body: { datasetId: emulator.sample.datasetId, question: 'total amount by region' },
    });
    expect(answer.body.visual.type).toBe('clusteredBarChart');
    const data = await frame<QueryResult>('/query', {
      body: { datasetId: emulator.sample.datasetId, ...answer.body.visual.query },
    });
    expect(data.body.rows).toHaveLength(5);
    const unknown = await frame('/qna', {
      body: { datasetId: emulator.sample.datasetId, question: 'weather by planet' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('BadRequest');
  });
});

describe('export: summarized vs underlying', () => {
  it('returns grouped rows or the rows behind the visual, capped by limit', async () => {
    const frame = internal(emulator, emulator.mintToken().token);
    const visual = {
      datasetId: emulator.sample.datasetId,
      groupBy: [{ table: 'Sales', column: 'Category' }],
      measures: [{ table: 'Sales', column: 'Quantity', aggregation: 'sum' }],
    };
    const summarized = await frame<QueryResult>(
      `/query?reportId=${emulator.sample.salesReportId}`,
      { body: { ...visual, mode: 'summarized' } },
    );
    expect(summarized.body.columns.map((c) => c.name)).toEqual(['Category', 'Sum of Quantity']);
    expect(summarized.body.rows).toHaveLength(5);
    const underlying = await frame<QueryResult>(
      `/query?reportId=${emulator.sample.salesReportId}`,
      { body: { ...visual, mode: 'underlying', limit: 250 } },
    );
    expect(underlying.body.columns).toEqual([
      { name: 'Category', type: 'string' },
      { name: 'Quantity', type: 'number' },
    ]);
    expect(underlying.body.rows).toHaveLength(250);
    const all = await frame<QueryResult>(`/query?reportId=${emulator.sample.salesReportId}`, {
      body: { ...visual, mode: 'underlying' },
    });
    expect(all.body.rows).toHaveLength(5000);
    const total = (rows: (string | number | null)[][], index: number) =>
      rows.reduce((sum, row) => sum + Number(row[index]), 0);
    expect(total(all.body.rows, 1)).toBe(total(summarized.body.rows, 1));
  });

  it('400s malformed queries', async () => {
    const frame = internal(emulator, emulator.mintToken().token);
    const bad = async (body: object) =>
      (
        await frame(`/query?reportId=${emulator.sample.salesReportId}`, {
          body: { datasetId: emulator.sample.datasetId, ...body },
        })
      ).status;
    expect(await bad({})).toBe(400);
    expect(
      await bad({ measures: [{ table: 'Sales', column: 'Region', aggregation: 'sum' }] }),
    ).toBe(400);
    expect(
      await bad({ measures: [{ table: 'Sales', column: 'Amount', aggregation: 'median' }] }),
    ).toBe(400);
    expect(
      await bad({
        groupBy: [{ table: 'Sales', column: 'Region' }],
        orderBy: [{ ref: { table: 'Sales', column: 'Country' }, direction: 'asc' }],
      }),
    ).toBe(400);
    expect(await bad({ groupBy: [{ table: 'Sales', column: 'Region' }], mode: 'raw' })).toBe(400);
    expect(await bad({ groupBy: [{ table: 'Sales', column: 'Region' }], limit: -1 })).toBe(400);
    expect((await frame('/query', { rawBody: '[1,2' })).status).toBe(400);
  });
});
