/** Page API (docs/embed-core/api-reference.md#page): exact wire messages, resolved values, rejections, RDL refusals. */
import { describe, expect, it } from 'vitest';
import { models, VisualDescriptor, type Page } from '../src/index.ts';
import {
  RDL_URL,
  envelope,
  expectRequest,
  useReportFixture,
  type Fixture,
  expectVisualLayoutPatch,
} from './support/report-fixture.ts';

const RDL_REFUSAL = 'This API is currently not supported for RDL reports';
/** A model instance, as a builder returns it (the IFilter type does not admit the class). */
const filter = new models.AdvancedFilter({ table: 'T', column: 'C' }, 'And', {
  operator: 'GreaterThan',
  value: 3,
}) as unknown as models.IFilter;
const filterOnWire = structuredClone({ ...filter });

const visualsOnWire: models.IVisual[] = [
  { name: 'v1', title: 'Sales', type: 'barChart', layout: { x: 1, y: 2, width: 3, height: 4 } },
  { name: 's1', title: 'Region', type: 'slicer', layout: { x: 5, y: 6 } },
  { name: 's2', title: 'Year', type: 'slicer', layout: { x: 7, y: 8 } },
];

interface Case {
  name: string;
  call: (page: Page) => Promise<unknown>;
  method: string;
  url: string;
  body: unknown;
  answer: unknown;
  resolves: 'body' | 'full';
  rdl: boolean;
}

const cases: Case[] = [
  {
    name: 'getFilters',
    call: (p) => p.getFilters(),
    method: 'GET',
    url: '/report/pages/p1/filters',
    body: 'absent',
    answer: [filterOnWire],
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'updateFilters',
    call: (p) => p.updateFilters(models.FiltersOperations.ReplaceAll, [filter]),
    method: 'POST',
    url: '/report/pages/p1/filters',
    body: { filtersOperation: models.FiltersOperations.ReplaceAll, filters: [filterOnWire] },
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'removeFilters',
    call: (p) => p.removeFilters(),
    method: 'POST',
    url: '/report/pages/p1/filters',
    body: { filtersOperation: models.FiltersOperations.RemoveAll, filters: undefined },
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'setFilters',
    call: (p) => p.setFilters([filter]),
    method: 'PUT',
    url: '/report/pages/p1/filters',
    body: [filterOnWire],
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'delete',
    call: (p) => p.delete(),
    method: 'DELETE',
    url: '/report/pages/p1',
    body: {},
    answer: { deleted: 'p1' },
    resolves: 'body',
    rdl: false,
  },
  {
    name: 'setActive',
    call: (p) => p.setActive(),
    method: 'PUT',
    url: '/report/pages/active',
    body: { name: 'p1', displayName: null, isActive: true },
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'setDisplayName',
    call: (p) => p.setDisplayName('Renamed'),
    method: 'PUT',
    url: '/report/pages/p1/name',
    body: { name: 'p1', displayName: 'Renamed' },
    answer: null,
    resolves: 'full',
    rdl: false,
  },
  {
    name: 'hasLayout',
    call: (p) => p.hasLayout(models.LayoutType.MobilePortrait),
    method: 'GET',
    url: '/report/pages/p1/layoutTypes/MobilePortrait',
    body: 'absent',
    answer: true,
    resolves: 'body',
    rdl: true,
  },
  {
    name: 'getSmartNarrativeInsights',
    call: (p) => p.getSmartNarrativeInsights(),
    method: 'GET',
    url: '/report/pages/p1/smartNarrativeInsights',
    body: 'absent',
    answer: { summaryText: 'Sales grew.' },
    resolves: 'body',
    rdl: true,
  },
];

async function page(f: Fixture, rdl = false, isActive = true): Promise<Page> {
  const report = await f.embedReport(rdl ? { embedUrl: RDL_URL } : {});
  return report.page('p1', 'Page one', isActive);
}

describe('Page', () => {
  const f = useReportFixture();

  describe.each(cases)('$name', (c) => {
    it('sends the exact message with the report uid and resolves as the original', async () => {
      const p = await page(f);
      f.script({ [`${c.method} ${c.url}`]: { statusCode: 200, body: c.answer } });
      const result = await c.call(p);
      const request = f.onlyRequest();
      expectRequest(request, c.method, c.url, c.body, p.report.config.uniqueId);
      expect(result).toStrictEqual(
        c.resolves === 'body' ? c.answer : envelope(200, c.answer, request.headers.id),
      );
    });

    it('rejects with the frame body', async () => {
      const p = await page(f);
      const error = [{ message: 'bad', detailedMessage: c.name }];
      f.script({ [`${c.method} ${c.url}`]: { statusCode: 400, body: error } });
      await expect(c.call(p)).rejects.toStrictEqual(error);
    });

    it(c.rdl ? 'is refused for RDL reports' : 'is sent for RDL reports', async () => {
      const p = await page(f, true);
      if (c.rdl) {
        await expect(c.call(p)).rejects.toBe(RDL_REFUSAL);
        expect(f.requests()).toEqual([]);
      } else {
        await c.call(p);
        expectRequest(f.onlyRequest(), c.method, c.url, c.body, p.report.config.uniqueId);
      }
    });
  });

  it('hasLayout puts the enum name in the URL for each layout type', async () => {
    const p = await page(f);
    await p.hasLayout(models.LayoutType.Master);
    await p.hasLayout(models.LayoutType.MobileLandscape);
    expect(f.harness.calls()).toEqual([
      'GET /report/pages/p1/layoutTypes/Master',
      'GET /report/pages/p1/layoutTypes/MobileLandscape',
    ]);
  });

  describe('visuals', () => {
    it('getVisuals maps every visual to a VisualDescriptor of this page', async () => {
      const p = await page(f);
      f.script({ 'GET /report/pages/p1/visuals': { statusCode: 200, body: visualsOnWire } });
      const visuals = await p.getVisuals();
      expectRequest(
        f.onlyRequest(),
        'GET',
        '/report/pages/p1/visuals',
        'absent',
        p.report.config.uniqueId,
      );
      expect(visuals).toHaveLength(3);
      for (const [i, v] of visuals.entries()) {
        expect(v).toBeInstanceOf(VisualDescriptor);
        expect(v.page).toBe(p);
        const { page: _page, ...rest } = v;
        expect(rest).toStrictEqual(visualsOnWire[i]);
      }
    });

    it('getVisualByName finds the visual or rejects PowerBIEntityNotFound', async () => {
      const p = await page(f);
      f.script({ 'GET /report/pages/p1/visuals': { statusCode: 200, body: visualsOnWire } });
      const v = await p.getVisualByName('s1');
      expect(v).toBeInstanceOf(VisualDescriptor);
      expect(v.title).toBe('Region');
      expect(v.layout).toStrictEqual({ x: 5, y: 6 });
      await expect(p.getVisualByName('missing')).rejects.toBe('PowerBIEntityNotFound');
    });

    it('getSlicers keeps only slicers', async () => {
      const p = await page(f);
      f.script({ 'GET /report/pages/p1/visuals': { statusCode: 200, body: visualsOnWire } });
      const slicers = await p.getSlicers();
      expect(slicers.map((s) => s.name)).toEqual(['s1', 's2']);
      expect(slicers.every((s) => s instanceof VisualDescriptor && s.page === p)).toBe(true);
    });

    it.each([
      ['getVisuals', (p: Page) => p.getVisuals()],
      ['getVisualByName', (p: Page) => p.getVisualByName('v1')],
      ['getSlicers', (p: Page) => p.getSlicers()],
    ])('%s rejects with the frame body and is refused for RDL', async (_name, call) => {
      const p = await page(f);
      f.script({ 'GET /report/pages/p1/visuals': { statusCode: 500, body: { message: 'x' } } });
      await expect(call(p)).rejects.toStrictEqual({ message: 'x' });
      f.service.reset(f.container);
      const rdl = await page(f, true);
      await expect(call(rdl)).rejects.toBe(RDL_REFUSAL);
      expect(f.requests()).toEqual([]);
    });
  });

  describe('layout through the report', () => {
    const lookups = {
      'GET /report/pages': { statusCode: 200, body: [{ name: 'p1', displayName: 'One' }] },
      'GET /report/pages/p1/visuals': { statusCode: 200, body: visualsOnWire },
    };

    it.each([
      [
        'setVisualDisplayState',
        (p: Page) => p.setVisualDisplayState('v1', models.VisualContainerDisplayMode.Visible),
        { displayState: { mode: 0 } },
      ],
      ['moveVisual', (p: Page) => p.moveVisual('v1', 1, 2, 3), { x: 1, y: 2, z: 3 }],
      ['resizeVisual', (p: Page) => p.resizeVisual('v1', 30, 40), { width: 30, height: 40 }],
    ])('%s delegates to the report with this page name', async (_name, call, layout) => {
      const p = await page(f);
      f.script(lookups);
      const result = await call(p);
      expectVisualLayoutPatch(f, result, layout);
    });

    it('resizePage resizes the active page through the report', async () => {
      const p = await page(f);
      const result = await p.resizePage(models.PageSizeType.Custom, 640, 480);
      const request = f.onlyRequest();
      expectRequest(
        request,
        'PATCH',
        '/report/settings',
        {
          layoutType: models.LayoutType.Custom,
          customLayout: { pageSize: { type: models.PageSizeType.Custom, width: 640, height: 480 } },
        },
        p.report.config.uniqueId,
      );
      expect(result).toStrictEqual(envelope(200, null, request.headers.id));
    });

    it('resizePage on an inactive page is refused without a message', async () => {
      const p = await page(f, false, false);
      await expect(p.resizePage(models.PageSizeType.Custom, 1, 1)).rejects.toBe(
        'Cannot resize the page. Only the active page can be resized',
      );
      expect(f.requests()).toEqual([]);
    });

    it('resizePage on an RDL report is refused by the report', async () => {
      const p = await page(f, true);
      await expect(p.resizePage(models.PageSizeType.Custom, 1, 1)).rejects.toBe(RDL_REFUSAL);
      expect(f.requests()).toEqual([]);
    });
  });
});
