import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, internal, rest, start, type Wire } from './support/harness.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
beforeAll(async () => {
  emulator = await start({ rows: 2000 });
  api = rest(emulator, await appTokenFor(emulator));
});
afterAll(() => emulator.close());

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    Wire
  >;

describe('GenerateToken V2', () => {
  it('issues a multi-resource token with token, tokenId and expiration', async () => {
    const { salesReportId, paginatedReportId, datasetId, groupId } = emulator.sample;
    const response = await api('/GenerateToken', {
      body: {
        reports: [{ id: salesReportId, allowEdit: true }, { id: paginatedReportId }],
        datasets: [{ id: datasetId, xmlaPermissions: 'Off' }],
        targetWorkspaces: [{ id: groupId }],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.tokenId).toMatch(/^[0-9a-f-]{36}$/);
    const expiresIn = Date.parse(response.body.expiration as string) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const claims = claimsOf(response.body.token as string);
    expect(claims).toMatchObject({
      typ: 'embed',
      reports: [
        { id: salesReportId, allowEdit: true },
        { id: paginatedReportId, allowEdit: false },
      ],
      datasets: [datasetId],
      targetWorkspaces: [groupId],
      jti: response.body.tokenId,
    });
    // The token opens both reports on the frame API.
    const frame = internal(emulator, response.body.token as string);
    expect((await frame(`/reports/${salesReportId}`)).status).toBe(200);
    expect((await frame(`/reports/${paginatedReportId}`)).status).toBe(200);
  });

  it('shortens the lifetime with lifetimeInMinutes, never lengthens it', async () => {
    const body = (minutes: number) => ({
      datasets: [{ id: emulator.sample.datasetId }],
      lifetimeInMinutes: minutes,
    });
    const short = await api('/GenerateToken', { body: body(5) });
    const left = Date.parse(short.body.expiration as string) - Date.now();
    expect(left).toBeGreaterThan(4 * 60_000);
    expect(left).toBeLessThanOrEqual(5 * 60_000);
    const long = await api('/GenerateToken', { body: body(600) });
    expect(Date.parse(long.body.expiration as string) - Date.now()).toBeLessThanOrEqual(
      60 * 60_000,
    );
  });

  it('carries effective identities and validates their roles and datasets', async () => {
    const { securedReportId: salesReportId, securedDatasetId: datasetId } = emulator.sample;
    const ok = await api('/GenerateToken', {
      body: {
        reports: [{ id: salesReportId }],
        datasets: [{ id: datasetId }],
        identities: [{ username: 'Europe', roles: ['RegionManager'], datasets: [datasetId] }],
      },
    });
    expect(ok.status).toBe(200);
    expect(claimsOf(ok.body.token as string).identities).toEqual([
      { username: 'Europe', roles: ['RegionManager'], datasets: [datasetId] },
    ]);
    const badRole = await api('/GenerateToken', {
      body: {
        datasets: [{ id: datasetId }],
        identities: [{ username: 'Europe', roles: ['Boss'], datasets: [datasetId] }],
      },
    });
    expect(badRole.status).toBe(400);
    expect(badRole.body.error.message).toMatch(/Role "Boss" does not exist/);
    const foreignDataset = await api('/GenerateToken', {
      body: {
        reports: [{ id: salesReportId }],
        identities: [{ username: 'x', roles: ['RegionManager'], datasets: ['other'] }],
      },
    });
    expect(foreignDataset.status).toBe(400);
    const noUser = await api('/GenerateToken', {
      body: { datasets: [{ id: datasetId }], identities: [{ roles: [] }] },
    });
    expect(noUser.status).toBe(400);
    expect(noUser.body.error.details[0].target).toBe('identities.0.username');
  });

  it('400s empty or malformed requests and 404s unknown resources', async () => {
    expect((await api('/GenerateToken', { body: {} })).status).toBe(400);
    expect((await api('/GenerateToken', { body: { reports: 'all' } })).status).toBe(400);
    expect((await api('/GenerateToken', { body: { reports: [{}] } })).status).toBe(400);
    const tooMany = await api('/GenerateToken', {
      body: { datasets: Array.from({ length: 51 }, () => ({ id: emulator.sample.datasetId })) },
    });
    expect(tooMany.status).toBe(400);
    const unknown = await api('/GenerateToken', { body: { reports: [{ id: 'f00' }] } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('PowerBIEntityNotFound');
    const unknownWorkspace = await api('/GenerateToken', {
      body: { datasets: [{ id: emulator.sample.datasetId }], targetWorkspaces: [{ id: 'nope' }] },
    });
    expect(unknownWorkspace.status).toBe(404);
  });
});

describe('per-item GenerateToken (V1)', () => {
  it('issues report View/Edit, create, dashboard, tile and dataset tokens', async () => {
    const { groupId, salesReportId, datasetId, dashboardId } = emulator.sample;
    const view = await api(`/groups/${groupId}/reports/${salesReportId}/GenerateToken`, {
      body: { accessLevel: 'View' },
    });
    expect(claimsOf(view.body.token as string)).toMatchObject({
      reports: [{ id: salesReportId, allowEdit: false }],
      targetWorkspaces: [],
    });
    const edit = await api(`/groups/${groupId}/reports/${salesReportId}/GenerateToken`, {
      body: { accessLevel: 'Edit', allowSaveAs: true },
    });
    expect(claimsOf(edit.body.token as string)).toMatchObject({
      reports: [{ allowEdit: true }],
      targetWorkspaces: [],
      allowSaveAs: true,
    });
    const create = await api(`/groups/${groupId}/reports/GenerateToken`, {
      body: { accessLevel: 'Create', datasetId },
    });
    expect(claimsOf(create.body.token as string)).toMatchObject({
      datasets: [datasetId],
      targetWorkspaces: [groupId],
    });
    expect(
      (await api(`/groups/${groupId}/reports/GenerateToken`, { body: { accessLevel: 'View' } }))
        .status,
    ).toBe(400);
    const dashboard = await api(`/groups/${groupId}/dashboards/${dashboardId}/GenerateToken`, {
      body: { accessLevel: 'View' },
    });
    expect(claimsOf(dashboard.body.token as string).dashboards).toEqual([dashboardId]);
    const tiles = await api(`/groups/${groupId}/dashboards/${dashboardId}/tiles`);
    const tileId = tiles.body.value[0].id as string;
    const tile = await api(
      `/groups/${groupId}/dashboards/${dashboardId}/tiles/${tileId}/GenerateToken`,
      { body: {} },
    );
    expect(claimsOf(tile.body.token as string).tiles).toEqual([tileId]);
    const dataset = await api(`/groups/${groupId}/datasets/${datasetId}/GenerateToken`, {
      body: { accessLevel: 'View' },
    });
    expect(claimsOf(dataset.body.token as string).datasets).toEqual([datasetId]);
    expect((await api(`/groups/${groupId}/reports/nope/GenerateToken`, { body: {} })).status).toBe(
      404,
    );
  });
});
