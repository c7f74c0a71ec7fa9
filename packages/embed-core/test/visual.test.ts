/** Visual (docs/embed-core/api-reference.md#report-and-visual): custom-layout load, refusals, descriptor, filter levels. */
import { describe, expect, it } from 'vitest';
import { models, Visual, VisualDescriptor } from '../src/index.ts';
import { flush } from './support/fake-frame.ts';
import {
  RDL_URL,
  REPORT_URL,
  envelope,
  expectRequest,
  useReportFixture,
} from './support/report-fixture.ts';

function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a synchronous throw');
}

describe('Visual.load', () => {
  const f = useReportFixture();

  function embed(config: Record<string, unknown>): Visual {
    return f.service.embed(f.container, {
      type: 'visual',
      id: 'r1',
      embedUrl: REPORT_URL,
      accessToken: 'token-1',
      tokenType: models.TokenType.Embed,
      ...config,
    }) as Visual;
  }

  it('sends /report/load with a custom layout that shows only the visual', async () => {
    const visual = embed({ pageName: 'page1', visualName: 'visual1', width: 400, height: 300 });
    await flush();
    const load = f.onlyRequest();
    expect(`${load.method} ${load.url}`).toBe('POST /report/load');
    expect(load.headers).toMatchObject({ uid: visual.config.uniqueId, sdkVersion: '2.23.1' });
    const body = load.body as models.IVisualEmbedConfiguration;
    expect(body.type).toBe('visual');
    expect(body.settings).toStrictEqual({
      filterPaneEnabled: false,
      navContentPaneEnabled: false,
      layoutType: models.LayoutType.Custom,
      customLayout: {
        displayOption: models.DisplayOption.FitToPage,
        pageSize: { type: models.PageSizeType.Custom, width: 400, height: 300 },
        pagesLayout: {
          page1: {
            defaultLayout: { displayState: { mode: models.VisualContainerDisplayMode.Hidden } },
            visualsLayout: {
              visual1: {
                displayState: { mode: models.VisualContainerDisplayMode.Visible },
                x: 1,
                y: 1,
                z: 1,
                width: 400,
                height: 300,
              },
            },
          },
        },
      },
    });
  });

  it("sizes the page from the iframe without width/height and overwrites the caller's layout", async () => {
    const visual = embed({
      pageName: 'page1',
      visualName: 'visual1',
      settings: {
        hideErrors: true,
        filterPaneEnabled: true,
        customLayout: { displayOption: models.DisplayOption.ActualSize },
      },
    });
    await flush();
    const settings = (f.onlyRequest().body as models.IVisualEmbedConfiguration)
      .settings as models.ISettings;
    const { offsetWidth, offsetHeight } = visual.iframe;
    expect(settings.hideErrors).toBe(true);
    expect(settings.filterPaneEnabled).toBe(false);
    expect(settings.customLayout?.displayOption).toBe(models.DisplayOption.FitToPage);
    expect(settings.customLayout?.pageSize).toStrictEqual({
      type: models.PageSizeType.Custom,
      width: offsetWidth,
      height: offsetHeight,
    });
    expect(visual.config).toMatchObject({ settings });
  });

  it.each([
    [{ visualName: 'visual1' }, 'Page name is required when embedding a visual.'],
    [{ pageName: '', visualName: 'visual1' }, 'Page name is required when embedding a visual.'],
    [
      { pageName: 'page1' },
      'Visual name is required, but it was not found. You must provide a visual name as part of embed configuration.',
    ],
  ])(
    'with %o reports the error and sends nothing; a direct call throws synchronously',
    async (config, message) => {
      const visual = embed(config);
      await flush();
      expect(f.requests()).toEqual([]);
      expect(f.errors).toHaveLength(1);
      expect(f.errors[0]).toBeInstanceOf(Error);
      expect((f.errors[0] as Error).message).toBe(message);
      const thrown = thrownBy(() => visual.load());
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toBe(message);
    },
  );

  it('without a token resolves undefined and sends nothing', async () => {
    const visual = await f.embedVisual();
    visual.config.accessToken = undefined;
    await expect(visual.load()).resolves.toBeUndefined();
    expect(f.requests()).toEqual([]);
  });

  it('reload sends the custom-layout load again', async () => {
    const visual = await f.embedVisual({ width: 10, height: 20 });
    visual.lastLoadRequest = undefined; // step past the 100 ms load throttle without waiting
    await visual.reload();
    const load = f.onlyRequest();
    expect(load.url).toBe('/report/load');
    const settings = (load.body as models.IVisualEmbedConfiguration).settings as models.ISettings;
    expect(settings.customLayout?.pageSize).toStrictEqual({ type: 4, width: 10, height: 20 });
  });
});

describe('Visual API', () => {
  const f = useReportFixture();

  it('has the original statics', () => {
    expect(Visual.type).toBe('visual');
    expect(Visual.GetPagesNotSupportedError).toBe(
      'Get pages is not supported while embedding a visual.',
    );
    expect(Visual.SetPageNotSupportedError).toBe(
      'Set page is not supported while embedding a visual.',
    );
    expect(Visual.RenderNotSupportedError).toBe(
      'render is not supported while embedding a visual.',
    );
  });

  it('getPages and setPage throw the literal strings synchronously', async () => {
    const visual = await f.embedVisual();
    expect(thrownBy(() => visual.getPages())).toBe(
      'Get pages is not supported while embedding a visual.',
    );
    expect(thrownBy(() => visual.setPage('p2'))).toBe(
      'Set page is not supported while embedding a visual.',
    );
    expect(f.requests()).toEqual([]);
  });

  it('render rejects with the literal string', async () => {
    const visual = await f.embedVisual();
    await expect(visual.render()).rejects.toBe('render is not supported while embedding a visual.');
    expect(f.requests()).toEqual([]);
  });

  it('getVisualDescriptor returns the embedded visual on its page', async () => {
    const visual = await f.embedVisual();
    f.script({
      'GET /report/pages/page1/visuals': {
        statusCode: 200,
        body: [
          { name: 'other', title: 'Other', type: 'card' },
          { name: 'visual1', title: 'Sales', type: 'barChart', layout: { x: 3 } },
        ],
      },
    });
    const descriptor = await visual.getVisualDescriptor();
    expectRequest(
      f.onlyRequest(),
      'GET',
      '/report/pages/page1/visuals',
      'absent',
      visual.config.uniqueId,
    );
    expect(descriptor).toBeInstanceOf(VisualDescriptor);
    expect(descriptor.name).toBe('visual1');
    expect(descriptor.title).toBe('Sales');
    expect(descriptor.type).toBe('barChart');
    expect(descriptor.layout).toStrictEqual({ x: 3 });
    expect(descriptor.page.name).toBe('page1');
    expect(descriptor.page.report).toBe(visual);
  });

  // Deliberate difference: the original rejected with `undefined` here.
  it('getVisualDescriptor rejects with the visualNotFound IError when the visual is missing', async () => {
    const visual = await f.embedVisual();
    f.script({ 'GET /report/pages/page1/visuals': { statusCode: 200, body: [] } });
    await expect(visual.getVisualDescriptor()).rejects.toStrictEqual({
      message: 'visualNotFound',
      detailedMessage: 'Visual not found',
    });
  });

  it('getVisualDescriptor rejects with the frame body on error', async () => {
    const visual = await f.embedVisual();
    f.script({ 'GET /report/pages/page1/visuals': { statusCode: 500, body: { message: 'x' } } });
    await expect(visual.getVisualDescriptor()).rejects.toStrictEqual({ message: 'x' });
  });

  it('inherits the report methods (with the visual uid)', async () => {
    const visual = await f.embedVisual();
    await visual.print();
    expectRequest(f.onlyRequest(), 'POST', '/report/print', null, visual.config.uniqueId);
  });

  describe('filter levels', () => {
    const filter = new models.BasicFilter(
      { table: 'T', column: 'C' },
      'NotIn',
      [1, 2],
    ) as unknown as models.IFilter;
    const filterOnWire = structuredClone({ ...filter });
    const urls: [string, models.FiltersLevel | undefined, string][] = [
      ['default (visual)', undefined, '/report/pages/page1/visuals/visual1/filters'],
      ['Visual', models.FiltersLevel.Visual, '/report/pages/page1/visuals/visual1/filters'],
      ['Page', models.FiltersLevel.Page, '/report/pages/page1/filters'],
      ['Report', models.FiltersLevel.Report, '/report/filters'],
    ];

    describe.each(urls)('%s level', (_name, level, url) => {
      it('getFilters GETs the level URL and resolves the body', async () => {
        const visual = await f.embedVisual();
        f.script({ [`GET ${url}`]: { statusCode: 200, body: [filterOnWire] } });
        await expect(visual.getFilters(level)).resolves.toStrictEqual([filterOnWire]);
        expectRequest(f.onlyRequest(), 'GET', url, 'absent', visual.config.uniqueId);
      });

      it('updateFilters POSTs the operation and resolves the envelope', async () => {
        const visual = await f.embedVisual();
        const result = await visual.updateFilters(models.FiltersOperations.Add, [filter], level);
        const request = f.onlyRequest();
        expectRequest(
          request,
          'POST',
          url,
          { filtersOperation: models.FiltersOperations.Add, filters: [filterOnWire] },
          visual.config.uniqueId,
        );
        expect(result).toStrictEqual(envelope(200, null, request.headers.id));
      });

      it('setFilters PUTs the filters and resolves the envelope', async () => {
        const visual = await f.embedVisual();
        const result = await visual.setFilters([filter], level);
        const request = f.onlyRequest();
        expectRequest(request, 'PUT', url, [filterOnWire], visual.config.uniqueId);
        expect(result).toStrictEqual(envelope(200, null, request.headers.id));
      });

      it('removeFilters POSTs RemoveAll', async () => {
        const visual = await f.embedVisual();
        await visual.removeFilters(level);
        expectRequest(
          f.onlyRequest(),
          'POST',
          url,
          { filtersOperation: models.FiltersOperations.RemoveAll, filters: undefined },
          visual.config.uniqueId,
        );
      });

      it('rejects with the frame body', async () => {
        const visual = await f.embedVisual();
        const error = [{ message: 'bad filter' }];
        f.script({
          [`GET ${url}`]: { statusCode: 400, body: error },
          [`POST ${url}`]: { statusCode: 400, body: error },
          [`PUT ${url}`]: { statusCode: 400, body: error },
        });
        await expect(visual.getFilters(level)).rejects.toStrictEqual(error);
        await expect(visual.updateFilters(0, [], level)).rejects.toStrictEqual(error);
        await expect(visual.setFilters([], level)).rejects.toStrictEqual(error);
        await expect(visual.removeFilters(level)).rejects.toStrictEqual(error);
      });
    });

    it('are not refused for RDL embed URLs', async () => {
      const visual = await f.embedVisual({ embedUrl: RDL_URL });
      await visual.getFilters();
      await visual.removeFilters(models.FiltersLevel.Report);
      expect(f.harness.calls()).toEqual([
        'GET /report/pages/page1/visuals/visual1/filters',
        'POST /report/filters',
      ]);
    });
  });
});
