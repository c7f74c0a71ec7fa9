import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDefinition, RunningEmulator } from '../src/index.ts';
import { appTokenFor, internal, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ rows: 1000 });
});
afterAll(() => emulator.close());

describe('saveAs, create and save persist reports', () => {
  it('saveAs copies the source report into the workspace; REST lists it', async () => {
    const { salesReportId, datasetId, groupId } = emulator.sample;
    const frame = internal(
      emulator,
      emulator.mintToken({ reports: [salesReportId], targetWorkspaces: [groupId] }).token,
    );
    const saved = await frame<ReportDefinition>('/reports', {
      body: { name: 'My copy', datasetId, sourceReportId: salesReportId },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'My copy', datasetId, reportType: 'PowerBIReport' });
    expect(saved.body.id).not.toBe(salesReportId);
    expect(saved.body.pages).toHaveLength(3);
    // Readable with the same token (its workspace is a target workspace of the token).
    expect((await frame(`/reports/${saved.body.id}`)).body.name).toBe('My copy');
    const api = rest(emulator, await appTokenFor(emulator));
    const listed = await api(`/groups/${groupId}/reports/${saved.body.id}`);
    expect(listed.body).toMatchObject({
      name: 'My copy',
      originalReportId: salesReportId,
      datasetId,
    });
  });

  it('create makes a blank editable report; save (PUT) persists its new pages', async () => {
    const { datasetId, groupId } = emulator.sample;
    const api = rest(emulator, await appTokenFor(emulator));
    const createToken = await api(`/groups/${groupId}/reports/GenerateToken`, {
      body: { accessLevel: 'Create', datasetId },
    });
    const frame = internal(emulator, createToken.body.token as string);
    const created = await frame<ReportDefinition>('/reports', {
      body: { name: 'Blank', datasetId },
    });
    expect(created.body.pages).toEqual([
      expect.objectContaining({ displayName: 'Page 1', visuals: [] }),
    ]);
    const editor = internal(
      emulator,
      emulator.mintToken({ reports: [{ id: created.body.id, allowEdit: true }] }).token,
    );
    const page = {
      name: 'ReportSection',
      displayName: 'Sales',
      visuals: [
        {
          name: 'v1',
          title: 'Amount',
          type: 'card',
          layout: { x: 0, y: 0, z: 0, width: 200, height: 100 },
          query: { measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }] },
        },
      ],
    };
    const saved = await editor<ReportDefinition>(`/reports/${created.body.id}`, {
      method: 'PUT',
      body: { name: 'Renamed', pages: [page] },
    });
    expect(saved.status).toBe(200);
    const reread = await editor<ReportDefinition>(`/reports/${created.body.id}`);
    expect(reread.body).toMatchObject({ name: 'Renamed', pages: [page] });
  });

  it('refuses saveAs without target workspace or edit rights, and save without allowEdit', async () => {
    const { salesReportId, datasetId } = emulator.sample;
    const viewer = internal(emulator, emulator.mintToken({ reports: [salesReportId] }).token);
    const saveAs = await viewer('/reports', {
      body: { name: 'Nope', datasetId, sourceReportId: salesReportId },
    });
    expect(saveAs.status).toBe(403);
    expect(saveAs.body.error.code).toBe('PowerBINotAuthorizedException');
    const put = await viewer(`/reports/${salesReportId}`, {
      method: 'PUT',
      body: { pages: [{ name: 'a', displayName: 'A', visuals: [] }] },
    });
    expect(put.status).toBe(403);
    const editor = internal(
      emulator,
      emulator.mintToken({ reports: [{ id: salesReportId, allowEdit: true }] }).token,
    );
    // Edit without allowSaveAs cannot make copies; with allowSaveAs it may, into the same workspace.
    const refused = await editor('/reports', {
      body: { name: 'Edit copy', datasetId, sourceReportId: salesReportId },
    });
    expect(refused.status).toBe(403);
    const saveAsEditor = internal(
      emulator,
      emulator.mintToken({ reports: [{ id: salesReportId, allowEdit: true }], allowSaveAs: true })
        .token,
    );
    const copy = await saveAsEditor('/reports', {
      body: { name: 'Edit copy', datasetId, sourceReportId: salesReportId },
    });
    expect(copy.status).toBe(200);
  });

  it('400s invalid definitions and names; 404s unknown datasets', async () => {
    const { datasetId, salesReportId } = emulator.sample;
    const frame = internal(emulator, emulator.mintToken().token);
    const bad = async (body: object, method = 'POST', path = '/reports') =>
      (await frame(path, { method, body })).body.error?.message as string;
    expect(await bad({ datasetId })).toMatch(/name/);
    expect(await bad({ name: 'x', datasetId, definition: { pages: [] } })).toMatch(
      /non-empty array/,
    );
    expect(
      await bad({
        name: 'x',
        datasetId,
        definition: {
          pages: [
            {
              name: 'p',
              displayName: 'P',
              visuals: [
                {
                  name: 'v',
                  title: '',
                  type: 'gauge',
                  layout: { x: 0, y: 0, z: 0, width: 1, height: 1 },
                  query: {},
                },
              ],
            },
          ],
        },
      }),
    ).toMatch(/type must be one of/);
    expect(
      await bad(
        {
          pages: [
            {
              name: 'p',
              displayName: 'P',
              visuals: [
                {
                  name: 'v',
                  title: '',
                  type: 'card',
                  layout: { x: 0, y: 0, z: 0, width: 1, height: 1 },
                  query: { measures: [{ table: 'Sales', column: 'Ghost', aggregation: 'sum' }] },
                },
              ],
            },
          ],
        },
        'PUT',
        `/reports/${salesReportId}`,
      ),
    ).toMatch(/Unknown column/);
    const missing = await frame('/reports', { body: { name: 'x', datasetId: 'nope' } });
    expect(missing.status).toBe(404);
  });
});
