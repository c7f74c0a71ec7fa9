import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, rest, start, type Wire } from './support/harness.ts';
import { shapes as contract } from '../src/rest/rest-contract.ts';
import { violations, type Shape } from '../src/rest/rest-shapes.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
beforeAll(async () => {
  emulator = await start({ rows: 1000 });
  api = rest(emulator, await appTokenFor(emulator));
});
afterAll(() => emulator.close());

/** GET `path`, expect 200 and an answer in the published shape; returns the body. */
async function conforming(path: string, shape: Shape): Promise<Wire> {
  const response = await api(path);
  expect(response.status, `${path}: ${JSON.stringify(response.body)}`).toBe(200);
  expect(violations(response.body, shape), path).toEqual([]);
  return response.body;
}

describe('REST operations beyond the catalogue, in the published shapes', () => {
  it('gets one page of a report by name, in the group and My-workspace forms', async () => {
    const { groupId, salesReportId } = emulator.sample;
    for (const path of [
      `/groups/${groupId}/reports/${salesReportId}/pages/ReportSection2`,
      `/reports/${salesReportId}/pages/ReportSection2`,
    ]) {
      const page = await conforming(path, contract.Page);
      expect(page).toMatchObject({ name: 'ReportSection2', order: 1 });
    }
    const missing = await api(`/reports/${salesReportId}/pages/NoSuchPage`);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('PowerBIEntityNotFound');
  });

  it('lists the tables of a push dataset in both forms, and refuses other datasets with 404', async () => {
    const { groupId, datasetId } = emulator.sample;
    const created = await api(`/groups/${groupId}/datasets`, {
      body: {
        name: 'Pushed',
        tables: [{ name: 'Invoices', columns: [{ name: 'Total', dataType: 'Double' }] }],
      },
    });
    const id = created.body.id as string;
    for (const path of [`/groups/${groupId}/datasets/${id}/tables`, `/datasets/${id}/tables`]) {
      const tables = await conforming(path, contract.Tables);
      expect(tables.value).toEqual([
        { name: 'Invoices', columns: [{ name: 'Total', dataType: 'Double' }] },
      ]);
    }
    expect((await api(`/datasets/${datasetId}/tables`)).status).toBe(404);
  });

  it('lists dataset parameters, data sources and users', async () => {
    const { groupId, datasetId } = emulator.sample;
    for (const base of [`/groups/${groupId}/datasets/${datasetId}`, `/datasets/${datasetId}`]) {
      expect((await conforming(`${base}/parameters`, contract.MashupParameters)).value).toEqual([]);
      const sources = await conforming(`${base}/datasources`, contract.Datasources);
      expect(sources.value).toHaveLength(1);
      const users = await conforming(`${base}/users`, contract.DatasetUsersAccess);
      // The sample app created the sample workspace: it is its Admin.
      expect(users.value).toContainEqual({
        identifier: emulator.clientId,
        principalType: 'App',
        datasetUserAccessRight: 'ReadWriteReshareExplore',
      });
    }
    // Same dataset, same data source ids on every call.
    const again = await api(`/datasets/${datasetId}/datasources`);
    const first = await api(`/groups/${groupId}/datasets/${datasetId}/datasources`);
    expect(again.body.value).toEqual(first.body.value);
  });

  it("lists a report's data sources: those of its dataset", async () => {
    const { groupId, salesReportId, datasetId } = emulator.sample;
    const ofDataset = await api(`/datasets/${datasetId}/datasources`);
    for (const path of [
      `/groups/${groupId}/reports/${salesReportId}/datasources`,
      `/reports/${salesReportId}/datasources`,
    ]) {
      const sources = await conforming(path, contract.Datasources);
      expect(sources.value).toEqual(ofDataset.body.value);
    }
  });

  it('answers the My-workspace lists of a service principal with empty lists', async () => {
    for (const [path, shape] of [
      ['/reports', contract.Reports],
      ['/datasets', contract.Datasets],
      ['/dashboards', contract.Dashboards],
    ] as const) {
      expect((await conforming(path, shape)).value).toEqual([]);
    }
  });

  it('lists the available features', async () => {
    const body = await conforming('/availableFeatures', contract.AvailableFeatures);
    expect(body.features.map((feature: { name: string }) => feature.name)).toContain('embedTrial');
  });

  it('exports a report as a file: a ZIP (.pbix) for a Power BI report, the .rdl for a paginated one', async () => {
    const { groupId, salesReportId, paginatedReportId } = emulator.sample;
    const token = await appTokenFor(emulator);
    for (const path of [
      `/groups/${groupId}/reports/${salesReportId}/Export`,
      `/reports/${salesReportId}/Export`,
    ]) {
      const response = await fetch(`${emulator.apiUrl}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toBe(
        'attachment; filename="Sales Overview.pbix"',
      );
      const file = Buffer.from(await response.arrayBuffer());
      // A ZIP: local file header first, end-of-central-directory record last.
      expect(file.readUInt32LE(0)).toBe(0x04034b50);
      expect(file.readUInt32LE(file.length - 22)).toBe(0x06054b50);
      expect(file.toString('utf8')).toContain('"ReportSection1"');
    }
    const rdl = await fetch(`${emulator.apiUrl}/reports/${paginatedReportId}/Export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(rdl.status).toBe(200);
    expect(rdl.headers.get('content-type')).toBe('application/octet-stream');
    expect(rdl.headers.get('content-disposition')).toMatch(/\.rdl"$/);
  });

  it('refuses every new operation without a token, like the rest of the API', async () => {
    const { salesReportId, datasetId } = emulator.sample;
    for (const path of [
      `/reports/${salesReportId}/pages/ReportSection1`,
      `/reports/${salesReportId}/Export`,
      `/reports/${salesReportId}/datasources`,
      `/datasets/${datasetId}/parameters`,
      `/datasets/${datasetId}/users`,
      '/reports',
      '/availableFeatures',
    ]) {
      const response = await fetch(`${emulator.apiUrl}${path}`);
      expect(response.status, path).toBe(401);
    }
  });
});

describe('the contract check itself', () => {
  it('reports a missing required field, a wrong type and a value outside an enum', () => {
    expect(
      violations(
        { value: [{ identifier: 'a', principalType: 'Robot', datasetUserAccessRight: 7 }] },
        contract.DatasetUsersAccess,
      ),
    ).toEqual([
      '$.value[0].principalType: Robot not in enum',
      '$.value[0].datasetUserAccessRight: 7 not in enum',
    ]);
    expect(violations({ name: 'p', displayName: 'P' }, contract.Page)).toEqual([
      '$.order: missing',
    ]);
    expect(violations({ value: [{ name: 'T' }] }, contract.Tables)).toEqual([
      '$.value[0].columns: missing',
    ]);
  });
});
