/**
 * Report layout methods (docs/embed-core/api-reference.md#report-and-visual): visual display state / size / position (two lookups,
 * then one settings PATCH), active page size, and layout switching.
 */
import { describe, expect, it } from 'vitest';
import { models, type Report } from '../src/index.ts';
import {
  RDL_URL,
  envelope,
  expectRequest,
  expectVisualLayoutPatch,
  useReportFixture,
} from './support/report-fixture.ts';

const RDL_REFUSAL = 'This API is currently not supported for RDL reports';
const LAYOUT_SWITCH_REFUSAL =
  'Switching between mobile and desktop layouts is not supported. Please reset the embed container and re-embed with required layout.';

const pages = [{ name: 'p1', displayName: 'One', isActive: true }];
const visuals = [{ name: 'v1', title: 'Sales', type: 'barChart', layout: { x: 0, y: 0 } }];
const lookups = {
  'GET /report/pages': { statusCode: 200, body: pages },
  'GET /report/pages/p1/visuals': { statusCode: 200, body: visuals },
};

type VisualLayoutCall = {
  name: string;
  call: (report: Report) => Promise<unknown>;
  layout: models.IVisualLayout;
};

const visualCalls: VisualLayoutCall[] = [
  {
    name: 'setVisualDisplayState',
    call: (r) => r.setVisualDisplayState('p1', 'v1', models.VisualContainerDisplayMode.Hidden),
    layout: { displayState: { mode: models.VisualContainerDisplayMode.Hidden } },
  },
  {
    name: 'resizeVisual',
    call: (r) => r.resizeVisual('p1', 'v1', 300, 200),
    layout: { width: 300, height: 200 },
  },
  {
    name: 'moveVisual',
    call: (r) => r.moveVisual('p1', 'v1', 10, 20, 3),
    layout: { x: 10, y: 20, z: 3 },
  },
  {
    name: 'moveVisual without z',
    call: (r) => r.moveVisual('p1', 'v1', 10, 20),
    layout: { x: 10, y: 20, z: undefined },
  },
];

describe('Report visual layout', () => {
  const f = useReportFixture();

  describe.each(visualCalls)('$name', ({ call, layout }) => {
    it('looks the page and visual up, then patches a custom layout for that visual', async () => {
      const report = await f.embedReport();
      f.script({ ...lookups, 'PATCH /report/settings': { statusCode: 200, body: { ok: 1 } } });
      const result = await call(report);
      expectVisualLayoutPatch(f, result, layout, { ok: 1 });
    });

    it("rejects 'PowerBIEntityNotFound' for an unknown page, before any visual lookup", async () => {
      const report = await f.embedReport();
      f.script({ 'GET /report/pages': { statusCode: 200, body: [] } });
      await expect(call(report)).rejects.toBe('PowerBIEntityNotFound');
      expect(f.harness.calls()).toEqual(['GET /report/pages']);
    });

    it("rejects 'PowerBIEntityNotFound' for an unknown visual, without patching", async () => {
      const report = await f.embedReport();
      f.script({ ...lookups, 'GET /report/pages/p1/visuals': { statusCode: 200, body: [] } });
      await expect(call(report)).rejects.toBe('PowerBIEntityNotFound');
      expect(f.harness.calls()).toEqual(['GET /report/pages', 'GET /report/pages/p1/visuals']);
    });

    it('rejects with the settings error body', async () => {
      const report = await f.embedReport();
      const error = [{ message: 'invalid layout' }];
      f.script({ ...lookups, 'PATCH /report/settings': { statusCode: 400, body: error } });
      await expect(call(report)).rejects.toStrictEqual(error);
    });

    it('is refused for RDL reports (by the page lookup)', async () => {
      const report = await f.embedReport({ embedUrl: RDL_URL });
      await expect(call(report)).rejects.toBe(RDL_REFUSAL);
      expect(f.requests()).toEqual([]);
    });
  });
});

describe('Report page size and layout type', () => {
  const f = useReportFixture();

  it('resizeActivePage patches a custom page size', async () => {
    const report = await f.embedReport();
    const result = await report.resizeActivePage(models.PageSizeType.Custom, 800, 600);
    const request = f.onlyRequest();
    expectRequest(
      request,
      'PATCH',
      '/report/settings',
      {
        layoutType: models.LayoutType.Custom,
        customLayout: { pageSize: { type: models.PageSizeType.Custom, width: 800, height: 600 } },
      },
      report.config.uniqueId,
    );
    expect(result).toStrictEqual(envelope(200, null, request.headers.id));
  });

  it('resizeActivePage keeps undefined width/height keys and is refused for RDL', async () => {
    const report = await f.embedReport();
    await report.resizeActivePage(models.PageSizeType.Widescreen);
    expect(f.onlyRequest().body).toStrictEqual({
      layoutType: models.LayoutType.Custom,
      customLayout: {
        pageSize: { type: models.PageSizeType.Widescreen, width: undefined, height: undefined },
      },
    });
    f.service.reset(f.container);
    const rdl = await f.embedReport({ embedUrl: RDL_URL });
    await expect(rdl.resizeActivePage(models.PageSizeType.Custom, 1, 1)).rejects.toBe(RDL_REFUSAL);
    expect(f.requests()).toEqual([]);
  });

  it('switchLayout within the desktop family patches the layout type and remembers it', async () => {
    const report = await f.embedReport();
    const result = await report.switchLayout(models.LayoutType.Custom);
    const request = f.onlyRequest();
    expectRequest(
      request,
      'PATCH',
      '/report/settings',
      { layoutType: models.LayoutType.Custom },
      report.config.uniqueId,
    );
    expect(result).toStrictEqual(envelope(200, null, request.headers.id));
    await expect(report.switchLayout(models.LayoutType.MobilePortrait)).rejects.toBe(
      LAYOUT_SWITCH_REFUSAL,
    );
  });

  it('switchLayout from desktop to mobile is refused without a message', async () => {
    const report = await f.embedReport();
    await expect(report.switchLayout(models.LayoutType.MobileLandscape)).rejects.toBe(
      LAYOUT_SWITCH_REFUSAL,
    );
    expect(f.requests()).toEqual([]);
  });

  it('switchLayout from mobile to desktop is refused; mobile to mobile is sent', async () => {
    const report = await f.embedReport({
      settings: { layoutType: models.LayoutType.MobilePortrait },
    });
    expect(report.config.embedUrl).toContain('isMobile=true');
    await expect(report.switchLayout(models.LayoutType.Master)).rejects.toBe(LAYOUT_SWITCH_REFUSAL);
    expect(f.requests()).toEqual([]);
    await report.switchLayout(models.LayoutType.MobileLandscape);
    expect(f.onlyRequest().body).toStrictEqual({ layoutType: models.LayoutType.MobileLandscape });
  });

  it('keeps the mobile layoutType in the config it loads with, unchanged', async () => {
    // The frame reads the layout from the load config (the emulator's browser tests draw it).
    const settings = { layoutType: models.LayoutType.MobilePortrait, filterPaneEnabled: false };
    const report = await f.embedReport({ settings });
    expect(report.config.settings).toEqual(settings);
    expect(report.config.embedUrl).toContain('isMobile=true');
  });

  it('switchLayout rejects with the frame body when the settings are refused', async () => {
    const report = await f.embedReport();
    f.script({ 'PATCH /report/settings': { statusCode: 400, body: [{ message: 'no' }] } });
    await expect(report.switchLayout(models.LayoutType.Custom)).rejects.toStrictEqual([
      { message: 'no' },
    ]);
  });

  it('switchLayout is not refused for RDL reports', async () => {
    const report = await f.embedReport({ embedUrl: RDL_URL });
    await report.switchLayout(models.LayoutType.Master);
    expect(f.onlyRequest().body).toStrictEqual({ layoutType: models.LayoutType.Master });
  });
});
