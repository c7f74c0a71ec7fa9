/**
 * Report API, single-request methods: exact wire message, resolved value ("body" vs the whole
 * response envelope), rejection with the frame's body, and the RDL refusal of report-only methods.
 */
import { describe, expect, it } from 'vitest';
import { models, type Report } from '../src/index.ts';
import {
  RDL_URL,
  envelope,
  expectRequest,
  useReportFixture,
  type Fixture,
} from './support/report-fixture.ts';

const RDL_REFUSAL = 'This API is currently not supported for RDL reports';
/** A model instance, as a builder returns it (the IFilter type does not admit the class). */
const filter = new models.BasicFilter({ table: 'Sales', column: 'Region' }, 'In', [
  'West',
]) as unknown as models.IFilter;
/** A filter as it arrives in the frame: the structured clone of the instance's own fields. */
const filterOnWire = structuredClone({ ...filter });
const theme: models.IReportTheme = { themeJson: { name: 'dark' } };

interface Case {
  name: string;
  call: (report: Report) => Promise<unknown>;
  method: string;
  url: string;
  /** Exact request body; `'absent'` for a GET (no body key). */
  body: unknown;
  /** What the frame answers with on success. */
  answer: unknown;
  /** `'body'` = resolves the answer body, `'full'` = the whole envelope, else the exact value. */
  resolves: 'body' | 'full' | { value: unknown };
  /** Refused for RDL reports without sending anything. */
  rdl: boolean;
  /** Failures reject with the whole envelope instead of its body. */
  rejectsEnvelope?: boolean;
}

const cases: Case[] = [
  {
    name: 'render(config)',
    call: (r) => r.render({ id: 'r1' }),
    method: 'POST',
    url: '/report/render',
    body: { id: 'r1' },
    answer: { rendered: true },
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'render()',
    call: (r) => r.render(),
    method: 'POST',
    url: '/report/render',
    body: undefined,
    answer: null,
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'deletePage',
    call: (r) => r.deletePage('ReportSection1'),
    method: 'DELETE',
    url: '/report/pages/ReportSection1',
    body: {},
    answer: { deleted: true },
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'renamePage',
    call: (r) => r.renamePage('ReportSection1', 'Overview'),
    method: 'PUT',
    url: '/report/pages/ReportSection1/name',
    body: { name: 'ReportSection1', displayName: 'Overview' },
    answer: { renamed: true },
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'getFilters',
    call: (r) => r.getFilters(),
    method: 'GET',
    url: '/report/filters',
    body: 'absent',
    answer: [filterOnWire],
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'updateFilters',
    call: (r) => r.updateFilters(models.FiltersOperations.Add, [filter]),
    method: 'POST',
    url: '/report/filters',
    body: { filtersOperation: models.FiltersOperations.Add, filters: [filterOnWire] },
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'removeFilters',
    call: (r) => r.removeFilters(),
    method: 'POST',
    url: '/report/filters',
    body: { filtersOperation: models.FiltersOperations.RemoveAll, filters: undefined },
    answer: null,
    resolves: 'full',
    rdl: true,
  },
  {
    name: 'setFilters',
    call: (r) => r.setFilters([filter]),
    method: 'PUT',
    url: '/report/filters',
    body: [filterOnWire],
    answer: null,
    resolves: 'full',
    rdl: true,
  },
  {
    name: 'print',
    call: (r) => r.print(),
    method: 'POST',
    url: '/report/print',
    body: null,
    answer: { printed: true },
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'setPage',
    call: (r) => r.setPage('ReportSection2'),
    method: 'PUT',
    url: '/report/pages/active',
    body: { name: 'ReportSection2', displayName: null, isActive: true },
    answer: null,
    resolves: 'full',
    rdl: true,
  },
  {
    name: 'updateSettings',
    call: (r) => r.updateSettings({ filterPaneEnabled: false }),
    method: 'PATCH',
    url: '/report/settings',
    body: { filterPaneEnabled: false },
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'switchMode(ViewMode.Edit)',
    call: (r) => r.switchMode(models.ViewMode.Edit),
    method: 'POST',
    url: '/report/switchMode/edit',
    body: null,
    answer: { mode: 'edit' },
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'switchMode(ViewMode.View)',
    call: (r) => r.switchMode(models.ViewMode.View),
    method: 'POST',
    url: '/report/switchMode/view',
    body: null,
    answer: null,
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'switchMode(string) passes the string through',
    call: (r) => r.switchMode('Edit'),
    method: 'POST',
    url: '/report/switchMode/Edit',
    body: null,
    answer: null,
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'switchMode(unknown number) sends "undefined" like the original',
    call: (r) => r.switchMode(7 as models.ViewMode),
    method: 'POST',
    url: '/report/switchMode/undefined',
    body: null,
    answer: null,
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'refresh',
    call: (r) => r.refresh(),
    method: 'POST',
    url: '/report/refresh',
    body: null,
    answer: { refreshed: 1 },
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'isSaved (no unsaved changes)',
    call: (r) => r.isSaved(),
    method: 'GET',
    url: '/report/hasUnsavedChanges',
    body: 'absent',
    answer: false,
    resolves: { value: true },
    rdl: true,
  },
  {
    name: 'isSaved (unsaved changes)',
    call: (r) => r.isSaved(),
    method: 'GET',
    url: '/report/hasUnsavedChanges',
    body: 'absent',
    answer: true,
    resolves: { value: false },
    rdl: true,
  },
  {
    name: 'applyTheme',
    call: (r) => r.applyTheme(theme),
    method: 'PUT',
    url: '/report/theme',
    body: theme,
    answer: { applied: true },
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'resetTheme',
    call: (r) => r.resetTheme(),
    method: 'PUT',
    url: '/report/theme',
    body: {},
    answer: null,
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'getTheme',
    call: (r) => r.getTheme(),
    method: 'GET',
    url: '/report/theme',
    body: 'absent',
    answer: theme,
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'resetPersistentFilters',
    call: (r) => r.resetPersistentFilters(),
    method: 'DELETE',
    url: '/report/userState',
    body: null,
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'savePersistentFilters',
    call: (r) => r.savePersistentFilters(),
    method: 'POST',
    url: '/report/userState',
    body: null,
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'arePersistentFiltersApplied',
    call: (r) => r.arePersistentFiltersApplied(),
    method: 'GET',
    url: '/report/isUserStateApplied',
    body: 'absent',
    answer: true,
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'getZoom',
    call: (r) => r.getZoom(),
    method: 'GET',
    url: '/report/zoom',
    body: 'absent',
    answer: 1.5,
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'setZoom',
    call: (r) => r.setZoom(2),
    method: 'PATCH',
    url: '/report/settings',
    body: { zoomLevel: 2 },
    answer: { ignored: true },
    resolves: { value: undefined },
    rdl: false,
  },
  {
    name: 'closeAllOverlays',
    call: (r) => r.closeAllOverlays(),
    method: 'POST',
    url: '/report/closeAllOverlays',
    body: null,
    answer: { closed: true },
    resolves: 'body',
    rdl: true,
    rejectsEnvelope: true,
  },
  {
    name: 'clearSelectedVisuals(true)',
    call: (r) => r.clearSelectedVisuals(true),
    method: 'POST',
    url: '/report/clearSelectedVisuals/true',
    body: null,
    answer: { cleared: true },
    resolves: 'body',
    rdl: true,
    rejectsEnvelope: true,
  },
  {
    name: 'clearSelectedVisuals() defaults to false',
    call: (r) => r.clearSelectedVisuals(),
    method: 'POST',
    url: '/report/clearSelectedVisuals/false',
    body: null,
    answer: null,
    resolves: 'body',
    rdl: true,
    rejectsEnvelope: true,
  },
  {
    name: 'clearSelectedVisuals(non-true) sends false',
    call: (r) => r.clearSelectedVisuals('yes' as unknown as boolean),
    method: 'POST',
    url: '/report/clearSelectedVisuals/false',
    body: null,
    answer: null,
    resolves: 'body',
    rdl: true,
    rejectsEnvelope: true,
  },
];

function answerWith(f: Fixture, c: Case, statusCode: number, body: unknown): void {
  f.script({ [`${c.method} ${c.url}`]: { statusCode, body } });
}

describe('Report single-request methods', () => {
  const f = useReportFixture();

  describe.each(cases)('$name', (c) => {
    it('sends the exact message and resolves as the original', async () => {
      const report = await f.embedReport();
      answerWith(f, c, 200, c.answer);
      const result = await c.call(report);
      const request = f.onlyRequest();
      expectRequest(request, c.method, c.url, c.body, report.config.uniqueId);
      if (c.resolves === 'body') expect(result).toStrictEqual(c.answer);
      else if (c.resolves === 'full')
        expect(result).toStrictEqual(envelope(200, c.answer, request.headers.id));
      else expect(result).toStrictEqual(c.resolves.value);
    });

    it('rejects with the frame body on an error status', async () => {
      const report = await f.embedReport();
      const error = [{ message: 'invalid', detailedMessage: `bad ${c.name}` }];
      answerWith(f, c, 400, error);
      const rejection: unknown = await c.call(report).catch((e: unknown) => e);
      const request = f.onlyRequest();
      if (c.rejectsEnvelope)
        expect(rejection).toStrictEqual(envelope(400, error, request.headers.id));
      else expect(rejection).toStrictEqual(error);
    });

    it('rejects with the frame body on a server error (500)', async () => {
      const report = await f.embedReport();
      const error = { message: 'internal', detailedMessage: 'boom' };
      answerWith(f, c, 500, error);
      const rejection: unknown = await c.call(report).catch((e: unknown) => e);
      const expected = c.rejectsEnvelope ? envelope(500, error, f.onlyRequest().headers.id) : error;
      expect(rejection).toStrictEqual(expected);
    });

    it(
      c.rdl ? 'is refused for RDL reports without a message' : 'is sent for RDL reports',
      async () => {
        const report = await f.embedReport({ embedUrl: RDL_URL });
        answerWith(f, c, 200, c.answer);
        if (c.rdl) {
          await expect(c.call(report)).rejects.toBe(RDL_REFUSAL);
          expect(f.requests()).toEqual([]);
        } else {
          await c.call(report);
          expectRequest(f.onlyRequest(), c.method, c.url, c.body, report.config.uniqueId);
        }
      },
    );
  });

  it('rejects with a NoFrame EmbedError once the report was reset', async () => {
    const report = await f.embedReport();
    f.service.reset(f.container);
    await expect(report.getFilters()).rejects.toMatchObject({ code: 'NoFrame' });
    await expect(report.closeAllOverlays()).rejects.toMatchObject({ code: 'NoFrame' });
  });

  it('getId returns the configured report id', async () => {
    const report = await f.embedReport({ id: 'abc' });
    expect(report.getId()).toBe('abc');
    expect(f.requests()).toEqual([]);
  });

  it('updateSettings is refused for RDL reports only when it carries a custom layout', async () => {
    const report = await f.embedReport({ embedUrl: RDL_URL });
    await expect(
      report.updateSettings({ customLayout: { displayOption: models.DisplayOption.FitToPage } }),
    ).rejects.toBe(RDL_REFUSAL);
    expect(f.requests()).toEqual([]);
    await report.updateSettings({ customLayout: undefined, zoomLevel: 1 });
    expectRequest(
      f.onlyRequest(),
      'PATCH',
      '/report/settings',
      { customLayout: undefined, zoomLevel: 1 },
      report.config.uniqueId,
    );
  });
});
