import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDefinition, RunningEmulator } from '../src/index.ts';
import { internal, start } from './support/harness.ts';

/** What the frame stores beyond pages and visuals: saved filters and per-user persistent filters. */

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ rows: 1000 });
});
afterAll(() => emulator.close());

const basic = (column: string, values: string[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Sales', column },
  filterType: 1,
  operator: 'In',
  values,
});

describe('saved filters in report definitions', () => {
  it('stores report, page, visual and slicer filters on saveAs and save, and returns them', async () => {
    const { salesReportId, datasetId } = emulator.sample;
    const frame = internal(emulator, emulator.mintToken().token);
    const source = (await frame<ReportDefinition>(`/reports/${salesReportId}`)).body;
    const [overview, details] = source.pages;
    if (!overview || !details) throw new Error('sample report changed');
    const definition: ReportDefinition = {
      ...source,
      filters: [basic('Region', ['Europe'])],
      pages: [
        {
          ...overview,
          filters: [basic('Channel', ['Online'])],
          visuals: overview.visuals.map((v, i) =>
            i === 0 ? { ...v, filters: [basic('Segment', ['Corporate'])] } : v,
          ),
        },
        {
          ...details,
          visuals: details.visuals.map((v) =>
            v.type === 'slicer' ? { ...v, slicerFilters: [basic('Region', ['Europe'])] } : v,
          ),
        },
      ],
    };
    const saved = await frame<ReportDefinition>('/reports', {
      body: { name: 'Filtered copy', datasetId, definition },
    });
    expect(saved.status).toBe(200);
    const loaded = (await frame<ReportDefinition>(`/reports/${saved.body.id}`)).body;
    expect(loaded.filters).toEqual([basic('Region', ['Europe'])]);
    expect(loaded.pages[0]?.filters).toEqual([basic('Channel', ['Online'])]);
    expect(loaded.pages[0]?.visuals[0]?.filters).toEqual([basic('Segment', ['Corporate'])]);
    expect(loaded.pages[1]?.visuals.find((v) => v.type === 'slicer')?.slicerFilters).toEqual([
      basic('Region', ['Europe']),
    ]);

    // save (PUT, needs allowEdit on the copy) without filters drops them.
    const editor = internal(
      emulator,
      emulator.mintToken({ reports: [{ id: saved.body.id, allowEdit: true }] }).token,
    );
    const cleared = await editor<ReportDefinition>(`/reports/${saved.body.id}`, {
      method: 'PUT',
      body: { ...loaded, filters: [] },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.filters).toBeUndefined();

    // A saveAs from the source report id (no definition) copies its saved filters.
    const copy = await frame<ReportDefinition>('/reports', {
      body: { name: 'Copy of copy', datasetId, sourceReportId: saved.body.id },
    });
    expect(copy.body.pages[0]?.filters).toEqual([basic('Channel', ['Online'])]);
  });

  it('refuses saved filters that could not be applied, naming where they are', async () => {
    const { salesReportId, datasetId } = emulator.sample;
    const frame = internal(emulator, emulator.mintToken().token);
    const source = (await frame<ReportDefinition>(`/reports/${salesReportId}`)).body;
    const badColumn = await frame('/reports', {
      body: {
        name: 'Bad',
        datasetId,
        definition: { ...source, filters: [basic('NoSuchColumn', ['x'])] },
      },
    });
    expect(badColumn.status).toBe(400);
    expect(JSON.stringify(badColumn.body)).toContain('definition.filters');
    const notArray = await frame('/reports', {
      body: {
        name: 'Bad',
        datasetId,
        definition: {
          ...source,
          pages: source.pages.map((p, i) => (i === 0 ? { ...p, filters: 'Region = Europe' } : p)),
        },
      },
    });
    expect(notArray.status).toBe(400);
    expect(JSON.stringify(notArray.body)).toContain('definition.pages[0].filters');
  });
});

describe('persistent filters (user state)', () => {
  const state = { reportFilters: [basic('Region', ['Asia'])], pageFilters: {} };

  it('keeps one state per report and user; delete forgets it', async () => {
    const { securedReportId: salesReportId } = emulator.sample;
    const path = `/reports/${salesReportId}/userState`;
    const alice = internal(
      emulator,
      emulator.mintToken({
        reports: [salesReportId],
        identities: [{ username: 'alice', roles: ['RegionManager'] }],
      }).token,
    );
    const bob = internal(
      emulator,
      emulator.mintToken({
        reports: [salesReportId],
        identities: [{ username: 'bob', roles: ['RegionManager'] }],
      }).token,
    );
    expect((await alice(path)).body).toEqual({ state: null });
    expect((await alice(path, { method: 'PUT', body: { state } })).status).toBe(204);
    expect((await alice(path)).body).toEqual({ state });
    // Another user of the same report sees nothing of alice's.
    expect((await bob(path)).body).toEqual({ state: null });
    // A second token for the same user sees it.
    const aliceAgain = internal(
      emulator,
      emulator.mintToken({
        reports: [salesReportId],
        identities: [{ username: 'alice', roles: ['RegionManager'] }],
      }).token,
    );
    expect((await aliceAgain(path)).body).toEqual({ state });
    expect((await alice(path, { method: 'DELETE' })).status).toBe(204);
    expect((await aliceAgain(path)).body).toEqual({ state: null });
  });

  it('refuses other reports, unknown reports and bad bodies with their codes', async () => {
    const { salesReportId, paginatedReportId } = emulator.sample;
    const frame = internal(emulator, emulator.mintToken({ reports: [salesReportId] }).token);
    const other = await frame(`/reports/${paginatedReportId}/userState`);
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('PowerBINotAuthorizedException');
    const unknown = await frame('/reports/00000000-0000-4000-8000-00000000dead/userState');
    expect(unknown.status).toBe(404);
    const bad = await frame(`/reports/${salesReportId}/userState`, {
      method: 'PUT',
      body: { state: ['not', 'an', 'object'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('BadRequest');
    const huge = await frame(`/reports/${salesReportId}/userState`, {
      method: 'PUT',
      body: { state: { blob: 'x'.repeat(70_000) } },
    });
    expect(huge.status).toBe(400);
    const anonymous = await internal(emulator, '')(`/reports/${salesReportId}/userState`);
    expect(anonymous.status).toBe(401);
  });
});
