import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult, RunningEmulator } from '../src/index.ts';
import { appTokenFor, internal, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ rows: 20_000 });
});
afterAll(() => emulator.close());

const byRegion = {
  groupBy: [{ table: 'Sales', column: 'Region' }],
  measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
};

async function regionsSeen(token: string): Promise<QueryResult> {
  const response = await internal(emulator, token)<QueryResult>(
    `/query?reportId=${emulator.sample.securedReportId}`,
    {
      body: { datasetId: emulator.sample.securedDatasetId, ...byRegion },
    },
  );
  expect(response.status).toBe(200);
  return response.body;
}

describe('row-level security from effective identities', () => {
  it('limits a RegionManager to the region named by the username (token from the REST API)', async () => {
    const api = rest(emulator, await appTokenFor(emulator));
    const { securedReportId: salesReportId, securedDatasetId: datasetId } = emulator.sample;
    const generated = await api('/GenerateToken', {
      body: {
        reports: [{ id: salesReportId }],
        datasets: [{ id: datasetId }],
        identities: [{ username: 'Europe', roles: ['RegionManager'], datasets: [datasetId] }],
      },
    });
    const seen = await regionsSeen(generated.body.token as string);
    const direct = await emulator.context.database.query(
      "SELECT Region, sum(Amount) FROM Sales WHERE Region = 'Europe' GROUP BY 1",
    );
    expect(seen.rows).toEqual(direct.rows);
  });

  it('combines several roles with OR', async () => {
    const { token } = emulator.mintToken({
      reports: [emulator.sample.securedReportId],
      identities: [{ username: 'Japan', roles: ['RegionManager', 'CountryManager'] }],
    });
    // Username "Japan" matches no region but is a country: the CountryManager role lets those rows through.
    const seen = await regionsSeen(token);
    expect(seen.rows.map((row) => row[0])).toEqual(['Asia']);
    const direct = await emulator.context.database.query(
      "SELECT sum(Amount) FROM Sales WHERE Country = 'Japan'",
    );
    expect(seen.rows[0]?.[1]).toBe(direct.rows[0]?.[0]);
  });

  it('shows nothing to an identity without roles and refuses a token without an identity', async () => {
    const none = emulator.mintToken({
      reports: [emulator.sample.securedReportId],
      identities: [{ username: 'Europe', roles: [] }],
    });
    expect((await regionsSeen(none.token)).rows).toEqual([]);
    const stranger = emulator.mintToken({
      reports: [emulator.sample.securedReportId],
      identities: [{ username: 'Atlantis', roles: ['RegionManager'] }],
    });
    expect((await regionsSeen(stranger.token)).rows).toEqual([]);
    expect(() => emulator.mintToken({ reports: [emulator.sample.securedReportId] })).toThrow(
      `Creating embed token for accessing dataset ${emulator.sample.securedDatasetId} requires effective identity to be provided`,
    );
    // The workspace Admin's own (app) token is not subject to RLS and sees every region.
    const admin = await internal(emulator, emulator.appToken())<QueryResult>(
      `/query?reportId=${emulator.sample.securedReportId}`,
      { body: { datasetId: emulator.sample.securedDatasetId, ...byRegion } },
    );
    expect(admin.body.rows).toHaveLength(5);
  });

  it('applies to underlying exports and Top N sub-queries too', async () => {
    const { token } = emulator.mintToken({
      reports: [emulator.sample.securedReportId],
      identities: [{ username: 'Oceania', roles: ['RegionManager'] }],
    });
    const frame = internal(emulator, token);
    const underlying = await frame<QueryResult>(
      `/query?reportId=${emulator.sample.securedReportId}`,
      {
        body: { datasetId: emulator.sample.securedDatasetId, ...byRegion, mode: 'underlying' },
      },
    );
    expect(new Set(underlying.body.rows.map((row) => row[0]))).toEqual(new Set(['Oceania']));
    const top = await frame<QueryResult>(`/query?reportId=${emulator.sample.securedReportId}`, {
      body: {
        datasetId: emulator.sample.securedDatasetId,
        groupBy: [{ table: 'Sales', column: 'Country' }],
        measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
        filters: [
          {
            $schema: 'http://powerbi.com/product/schema#topN',
            target: { table: 'Sales', column: 'Country' },
            filterType: 5,
            operator: 'Top',
            itemCount: 5,
            orderBy: { table: 'Sales', measure: 'Total Amount' },
          },
        ],
      },
    });
    expect(top.body.rows.map((row) => row[0]).sort()).toEqual(['Australia', 'New Zealand']);
  });

  it('mintToken rejects unknown roles like GenerateToken does', () => {
    expect(() =>
      emulator.mintToken({
        datasets: [emulator.sample.securedDatasetId],
        identities: [{ username: 'x', roles: ['Nope'] }],
      }),
    ).toThrow(/Role "Nope" does not exist/);
  });
});
