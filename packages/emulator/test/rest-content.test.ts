import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, call, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
let now = Date.now();
beforeAll(async () => {
  emulator = await start({ rows: 1000, now: () => now, refreshDurationMs: 5000 });
  api = rest(emulator, await appTokenFor(emulator));
});
afterAll(() => emulator.close());

describe('REST reports', () => {
  it('lists reports with embed URLs on the emulator origin; paginated reports have no datasetId', async () => {
    const { groupId, salesReportId, paginatedReportId, datasetId } = emulator.sample;
    const response = await api(`/groups/${groupId}/reports`);
    expect(response.status).toBe(200);
    const sales = response.body.value.find((r: { id: string }) => r.id === salesReportId);
    expect(sales).toMatchObject({
      name: 'Sales Overview',
      reportType: 'PowerBIReport',
      datasetId,
      embedUrl: `${emulator.url}/reportEmbed?reportId=${salesReportId}&groupId=${groupId}`,
      webUrl: `${emulator.url}/groups/${groupId}/reports/${salesReportId}`,
    });
    const rdl = response.body.value.find((r: { id: string }) => r.id === paginatedReportId);
    expect(rdl.reportType).toBe('PaginatedReport');
    expect(rdl).not.toHaveProperty('datasetId');
    expect(rdl.embedUrl).toBe(
      `${emulator.url}/rdlEmbed?reportId=${paginatedReportId}&groupId=${groupId}`,
    );
  });

  it('gets one report in a group and in My workspace paths, and its pages', async () => {
    const { groupId, salesReportId } = emulator.sample;
    const one = await api(`/groups/${groupId}/reports/${salesReportId}`);
    expect(one.body).toMatchObject({ id: salesReportId, name: 'Sales Overview' });
    expect((await api(`/reports/${salesReportId}`)).body.id).toBe(salesReportId);
    const pages = await api(`/groups/${groupId}/reports/${salesReportId}/pages`);
    expect(pages.body.value).toEqual([
      { name: 'ReportSection1', displayName: 'Overview', order: 0 },
      { name: 'ReportSection2', displayName: 'Details', order: 1 },
      { name: 'ReportSection3', displayName: 'Product detail', order: 2 },
    ]);
  });

  it('404s a report id from another group or unknown', async () => {
    const created = await api('/groups', { body: { name: 'Other' } });
    const wrongGroup = await api(
      `/groups/${created.body.id as string}/reports/${emulator.sample.salesReportId}`,
    );
    expect(wrongGroup.status).toBe(404);
    expect((await api('/reports/unknown')).status).toBe(404);
  });

  it('redirects the webUrl to the embed page', async () => {
    const { groupId, salesReportId } = emulator.sample;
    const response = await fetch(`${emulator.url}/groups/${groupId}/reports/${salesReportId}`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(
      `/reportEmbed?reportId=${salesReportId}&groupId=${groupId}`,
    );
  });
});

describe('REST datasets and refresh history', () => {
  it('lists datasets with RLS flags and embed URLs', async () => {
    const { groupId, datasetId, securedDatasetId } = emulator.sample;
    const response = await api(`/groups/${groupId}/datasets`);
    expect(response.body.value).toEqual([
      expect.objectContaining({
        id: datasetId,
        name: 'Sales',
        isRefreshable: true,
        isEffectiveIdentityRequired: false,
        configuredBy: emulator.clientId,
        qnaEmbedURL: `${emulator.url}/qnaEmbed?groupId=${groupId}&datasetId=${datasetId}`,
      }),
      expect.objectContaining({
        id: securedDatasetId,
        name: 'Sales (RLS)',
        isEffectiveIdentityRequired: true,
        isEffectiveIdentityRolesRequired: true,
      }),
    ]);
    expect((await api(`/datasets/${datasetId}`)).body.id).toBe(datasetId);
    expect((await api(`/groups/${groupId}/datasets/nope`)).status).toBe(404);
  });

  it('returns seeded history newest first with Completed and Failed entries, honouring $top', async () => {
    const { groupId, datasetId } = emulator.sample;
    const all = await api(`/groups/${groupId}/datasets/${datasetId}/refreshes`);
    expect(all.status).toBe(200);
    const statuses = all.body.value.map((r: { status: string }) => r.status);
    expect(statuses.slice(0, 2)).toEqual(['Completed', 'Failed']);
    const failed = all.body.value[1];
    expect(JSON.parse(failed.serviceExceptionJson as string)).toHaveProperty('errorCode');
    const starts = all.body.value.map((r: { startTime: string }) => Date.parse(r.startTime));
    expect([...starts].sort((a, b) => b - a)).toEqual(starts);
    const top = await api(`/groups/${groupId}/datasets/${datasetId}/refreshes?$top=3`);
    expect(top.body.value).toHaveLength(3);
    expect((await api(`/groups/${groupId}/datasets/${datasetId}/refreshes?$top=0`)).status).toBe(
      400,
    );
  });

  it('runs an on-demand refresh: 202, Unknown while running, then Completed with endTime', async () => {
    const { groupId, datasetId } = emulator.sample;
    const started = await api(`/groups/${groupId}/datasets/${datasetId}/refreshes`, {
      body: { notifyOption: 'NoNotification' },
    });
    expect(started.status).toBe(202);
    const running = (await api(`/datasets/${datasetId}/refreshes?$top=1`)).body.value[0];
    expect(running).toMatchObject({ status: 'Unknown', refreshType: 'ViaApi' });
    expect(running).not.toHaveProperty('endTime');
    now += 6000;
    const done = (await api(`/datasets/${datasetId}/refreshes?$top=1`)).body.value[0];
    expect(done).toMatchObject({ status: 'Completed', requestId: running.requestId });
    expect(Date.parse(done.endTime as string)).toBeGreaterThan(
      Date.parse(done.startTime as string),
    );
    const bad = await api(`/groups/${groupId}/datasets/${datasetId}/refreshes`, {
      body: { notifyOption: 'Sometimes' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('REST dashboards and tiles', () => {
  it('lists dashboards and their tiles with tile embed URLs', async () => {
    const { groupId, dashboardId, salesReportId, datasetId } = emulator.sample;
    const dashboards = await api(`/groups/${groupId}/dashboards`);
    expect(dashboards.body.value).toEqual([
      expect.objectContaining({
        id: dashboardId,
        displayName: 'Sales Dashboard',
        embedUrl: `${emulator.url}/dashboardEmbed?dashboardId=${dashboardId}&groupId=${groupId}`,
      }),
    ]);
    const tiles = await api(`/groups/${groupId}/dashboards/${dashboardId}/tiles`);
    expect(tiles.body.value).toHaveLength(4);
    const first = tiles.body.value[0];
    expect(first).toMatchObject({
      title: 'Total sales',
      reportId: salesReportId,
      datasetId,
      rowSpan: 1,
      colSpan: 1,
    });
    expect(first.embedUrl).toBe(
      `${emulator.url}/embed?dashboardId=${dashboardId}&tileId=${first.id as string}&groupId=${groupId}`,
    );
    expect((await api(`/dashboards/${dashboardId}/tiles/${first.id as string}`)).body.id).toBe(
      first.id,
    );
    expect((await api(`/dashboards/${dashboardId}/tiles/nope`)).status).toBe(404);
    expect((await api(`/dashboards/nope/tiles`)).status).toBe(404);
    expect((await call(`${emulator.apiUrl}/dashboards/${dashboardId}/tiles`)).status).toBe(401);
  });
});
