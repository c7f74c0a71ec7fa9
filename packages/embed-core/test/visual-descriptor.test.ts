/** VisualDescriptor API (docs/embed-core/api-reference.md#visualdescriptor): URLs under the page's visual, no RDL refusals. */
import { describe, expect, it } from 'vitest';
import { models, VisualDescriptor } from '../src/index.ts';
import {
  RDL_URL,
  envelope,
  expectRequest,
  useReportFixture,
  type Fixture,
  expectVisualLayoutPatch,
} from './support/report-fixture.ts';

const BASE = '/report/pages/p1/visuals/v1';
const filter = new models.TopNFilter({ table: 'T', column: 'C' }, 'Top', 5, {
  table: 'T',
  measure: 'M',
}) as unknown as models.IFilter;
const filterOnWire = structuredClone({ ...filter });
const slicerState: models.ISlicerState = {
  filters: [
    { ...filterOnWire, $schema: 'http://powerbi.com/product/schema#topN' },
  ] as models.ISlicerFilter[],
};

interface Case {
  name: string;
  call: (v: VisualDescriptor) => Promise<unknown>;
  method: string;
  suffix: string;
  body: unknown;
  answer: unknown;
  resolves: 'body' | 'full';
}

const cases: Case[] = [
  {
    name: 'getFilters',
    call: (v) => v.getFilters(),
    method: 'GET',
    suffix: '/filters',
    body: 'absent',
    answer: [filterOnWire],
    resolves: 'body',
  },
  {
    name: 'updateFilters',
    call: (v) => v.updateFilters(models.FiltersOperations.Replace, [filter]),
    method: 'POST',
    suffix: '/filters',
    body: { filtersOperation: models.FiltersOperations.Replace, filters: [filterOnWire] },
    answer: null,
    resolves: 'full',
  },
  {
    name: 'removeFilters',
    call: (v) => v.removeFilters(),
    method: 'POST',
    suffix: '/filters',
    body: { filtersOperation: models.FiltersOperations.RemoveAll, filters: undefined },
    answer: null,
    resolves: 'full',
  },
  {
    name: 'setFilters',
    call: (v) => v.setFilters([filter]),
    method: 'PUT',
    suffix: '/filters',
    body: [filterOnWire],
    answer: null,
    resolves: 'full',
  },
  {
    name: 'exportData(type, rows)',
    call: (v) => v.exportData(models.ExportDataType.Underlying, 100),
    method: 'POST',
    suffix: '/exportData',
    body: { rows: 100, exportDataType: models.ExportDataType.Underlying },
    answer: { data: 'a,b\n1,2' },
    resolves: 'body',
  },
  {
    name: 'exportData()',
    call: (v) => v.exportData(),
    method: 'POST',
    suffix: '/exportData',
    body: { rows: undefined, exportDataType: undefined },
    answer: { data: '' },
    resolves: 'body',
  },
  {
    name: 'setSlicerState',
    call: (v) => v.setSlicerState(slicerState),
    method: 'PUT',
    suffix: '/slicer',
    body: slicerState,
    answer: null,
    resolves: 'full',
  },
  {
    name: 'getSlicerState',
    call: (v) => v.getSlicerState(),
    method: 'GET',
    suffix: '/slicer',
    body: 'absent',
    answer: slicerState,
    resolves: 'body',
  },
  {
    name: 'clone(request)',
    call: (v) => v.clone({ layout: { x: 10 }, autoFocus: true }),
    method: 'POST',
    suffix: '/clone',
    body: { layout: { x: 10 }, autoFocus: true },
    answer: { visualName: 'v2', visual: { name: 'v2', title: 't', type: 'barChart' } },
    resolves: 'body',
  },
  {
    name: 'clone() sends an empty request',
    call: (v) => v.clone(),
    method: 'POST',
    suffix: '/clone',
    body: {},
    answer: { visualName: 'v3' },
    resolves: 'body',
  },
  {
    name: 'sortBy',
    call: (v) =>
      v.sortBy({
        orderBy: { table: 'T', column: 'C' },
        direction: models.SortDirection.Descending,
      }),
    method: 'PUT',
    suffix: '/sortBy',
    body: { orderBy: { table: 'T', column: 'C' }, direction: models.SortDirection.Descending },
    answer: null,
    resolves: 'full',
  },
  {
    name: 'getSmartNarrativeInsights',
    call: (v) => v.getSmartNarrativeInsights(),
    method: 'GET',
    suffix: '/smartNarrativeInsights',
    body: 'absent',
    answer: { summaryText: 'Up.' },
    resolves: 'body',
  },
];

async function descriptor(f: Fixture, rdl = false): Promise<VisualDescriptor> {
  const report = await f.embedReport(rdl ? { embedUrl: RDL_URL } : {});
  return new VisualDescriptor(report.page('p1'), 'v1', 'Sales', 'barChart', { x: 0 });
}

describe('VisualDescriptor', () => {
  const f = useReportFixture();

  it('keeps the constructor fields', async () => {
    const v = await descriptor(f);
    expect(v.name).toBe('v1');
    expect(v.title).toBe('Sales');
    expect(v.type).toBe('barChart');
    expect(v.layout).toStrictEqual({ x: 0 });
    expect(v.page.name).toBe('p1');
  });

  describe.each(cases)('$name', (c) => {
    it('sends the exact message and resolves as the original', async () => {
      const v = await descriptor(f);
      f.script({ [`${c.method} ${BASE}${c.suffix}`]: { statusCode: 200, body: c.answer } });
      const result = await c.call(v);
      const request = f.onlyRequest();
      expectRequest(request, c.method, BASE + c.suffix, c.body, v.page.report.config.uniqueId);
      expect(result).toStrictEqual(
        c.resolves === 'body' ? c.answer : envelope(200, c.answer, request.headers.id),
      );
    });

    it('rejects with the frame body', async () => {
      const v = await descriptor(f);
      const error = { message: 'nope', detailedMessage: c.name };
      f.script({ [`${c.method} ${BASE}${c.suffix}`]: { statusCode: 404, body: error } });
      await expect(c.call(v)).rejects.toStrictEqual(error);
    });

    it('is not refused for RDL reports', async () => {
      const v = await descriptor(f, true);
      await c.call(v);
      expectRequest(
        f.onlyRequest(),
        c.method,
        BASE + c.suffix,
        c.body,
        v.page.report.config.uniqueId,
      );
    });
  });

  describe('layout through the report', () => {
    const lookups = {
      'GET /report/pages': { statusCode: 200, body: [{ name: 'p1', displayName: 'One' }] },
      'GET /report/pages/p1/visuals': {
        statusCode: 200,
        body: [{ name: 'v1', title: 'Sales', type: 'barChart' }],
      },
    };

    it.each([
      ['moveVisual', (v: VisualDescriptor) => v.moveVisual(4, 5), { x: 4, y: 5, z: undefined }],
      [
        'setVisualDisplayState',
        (v: VisualDescriptor) => v.setVisualDisplayState(models.VisualContainerDisplayMode.Hidden),
        { displayState: { mode: 1 } },
      ],
      ['resizeVisual', (v: VisualDescriptor) => v.resizeVisual(7, 8), { width: 7, height: 8 }],
    ])('%s delegates to the report', async (_name, call, layout) => {
      const v = await descriptor(f);
      f.script(lookups);
      const result = await call(v);
      expectVisualLayoutPatch(f, result, layout);
    });

    it('a missing visual rejects PowerBIEntityNotFound without patching', async () => {
      const v = await descriptor(f);
      f.script({ ...lookups, 'GET /report/pages/p1/visuals': { statusCode: 200, body: [] } });
      await expect(v.resizeVisual(1, 1)).rejects.toBe('PowerBIEntityNotFound');
      expect(f.harness.calls()).not.toContain('PATCH /report/settings');
    });
  });
});
