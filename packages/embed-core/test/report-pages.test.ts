/** Report page methods (docs/embed-core/api-reference.md#report-and-visual): addPage, getPages, getPageByName, getActivePage, page. */
import { describe, expect, it } from 'vitest';
import { models, Page } from '../src/index.ts';
import { RDL_URL, expectRequest, useReportFixture } from './support/report-fixture.ts';

const RDL_REFUSAL = 'This API is currently not supported for RDL reports';

const pagesOnWire: models.IPage[] = [
  {
    name: 'ReportSection1',
    displayName: 'Overview',
    isActive: false,
    visibility: models.SectionVisibility.AlwaysVisible,
    defaultSize: { type: models.PageSizeType.Widescreen, width: 1280, height: 720 },
    defaultDisplayOption: models.DisplayOption.FitToWidth,
    mobileSize: { type: models.PageSizeType.Mobile, width: 320, height: 568 },
    background: { color: '#ffffff', transparency: 10 },
    wallpaper: { color: '#000000', hasImage: true },
  },
  {
    name: 'ReportSection2',
    displayName: 'Details',
    isActive: true,
    visibility: models.SectionVisibility.HiddenInViewMode,
    defaultSize: { type: models.PageSizeType.Standard, width: 960, height: 720 },
    defaultDisplayOption: models.DisplayOption.ActualSize,
  },
];

/** The public fields of a Page, without its report reference. */
function fields(page: Page) {
  const { report: _report, ...rest } = page;
  return rest;
}

describe('Report pages', () => {
  const f = useReportFixture();

  it('getPages maps every page model to a Page bound to the report', async () => {
    const report = await f.embedReport();
    f.script({ 'GET /report/pages': { statusCode: 200, body: pagesOnWire } });
    const pages = await report.getPages();
    expectRequest(f.onlyRequest(), 'GET', '/report/pages', 'absent', report.config.uniqueId);
    expect(pages).toHaveLength(2);
    for (const [i, page] of pages.entries()) {
      expect(page).toBeInstanceOf(Page);
      expect(page.report).toBe(report);
      const wire = pagesOnWire[i] as models.IPage;
      expect(fields(page)).toStrictEqual({
        name: wire.name,
        displayName: wire.displayName,
        isActive: wire.isActive,
        visibility: wire.visibility,
        defaultSize: wire.defaultSize,
        mobileSize: wire.mobileSize,
        defaultDisplayOption: wire.defaultDisplayOption,
        background: wire.background,
        wallpaper: wire.wallpaper,
      });
    }
  });

  it('getPages rejects with the frame body and is refused for RDL', async () => {
    const report = await f.embedReport();
    const error = { message: 'boom' };
    f.script({ 'GET /report/pages': { statusCode: 500, body: error } });
    await expect(report.getPages()).rejects.toStrictEqual(error);

    f.service.reset(f.container);
    const rdl = await f.embedReport({ embedUrl: RDL_URL });
    await expect(rdl.getPages()).rejects.toBe(RDL_REFUSAL);
    await expect(rdl.getPageByName('ReportSection1')).rejects.toBe(RDL_REFUSAL);
    await expect(rdl.getActivePage()).rejects.toBe(RDL_REFUSAL);
    expect(f.requests()).toEqual([]);
  });

  it('getPageByName returns the named page with all fields', async () => {
    const report = await f.embedReport();
    f.script({ 'GET /report/pages': { statusCode: 200, body: pagesOnWire } });
    const page = await report.getPageByName('ReportSection1');
    expectRequest(f.onlyRequest(), 'GET', '/report/pages', 'absent', report.config.uniqueId);
    expect(page.name).toBe('ReportSection1');
    expect(page.mobileSize).toStrictEqual(pagesOnWire[0]?.mobileSize);
    expect(page.wallpaper).toStrictEqual(pagesOnWire[0]?.wallpaper);
    expect(page.report).toBe(report);
  });

  it("getPageByName rejects 'PowerBIEntityNotFound' for an unknown page", async () => {
    const report = await f.embedReport();
    f.script({ 'GET /report/pages': { statusCode: 200, body: pagesOnWire } });
    await expect(report.getPageByName('nope')).rejects.toBe('PowerBIEntityNotFound');
  });

  it('getPageByName rejects with the frame body on error', async () => {
    const report = await f.embedReport();
    f.script({ 'GET /report/pages': { statusCode: 400, body: [{ message: 'bad' }] } });
    await expect(report.getPageByName('ReportSection1')).rejects.toStrictEqual([
      { message: 'bad' },
    ]);
  });

  it('getActivePage returns the active page', async () => {
    const report = await f.embedReport();
    f.script({ 'GET /report/pages': { statusCode: 200, body: pagesOnWire } });
    const page = await report.getActivePage();
    expectRequest(f.onlyRequest(), 'GET', '/report/pages', 'absent', report.config.uniqueId);
    expect(page.name).toBe('ReportSection2');
    expect(page.isActive).toBe(true);
    expect(page.visibility).toBe(models.SectionVisibility.HiddenInViewMode);
  });

  // Deliberate difference: the original rejected with `undefined` here.
  it("getActivePage rejects 'PowerBIEntityNotFound' when no page is active", async () => {
    const report = await f.embedReport();
    const inactive = pagesOnWire.map((p) => ({ ...p, isActive: false }));
    f.script({ 'GET /report/pages': { statusCode: 200, body: inactive } });
    await expect(report.getActivePage()).rejects.toBe('PowerBIEntityNotFound');
  });

  it('getActivePage rejects with the frame body on error', async () => {
    const report = await f.embedReport();
    f.script({ 'GET /report/pages': { statusCode: 500, body: { message: 'down' } } });
    await expect(report.getActivePage()).rejects.toStrictEqual({ message: 'down' });
  });

  it('addPage posts the display name and returns a Page without mobile size or background', async () => {
    const report = await f.embedReport();
    const created = { ...pagesOnWire[0], name: 'ReportSection9', displayName: 'New' };
    f.script({ 'POST /report/addPage': { statusCode: 200, body: created } });
    const page = await report.addPage('New');
    expectRequest(
      f.onlyRequest(),
      'POST',
      '/report/addPage',
      { displayName: 'New' },
      report.config.uniqueId,
    );
    expect(fields(page)).toStrictEqual({
      name: 'ReportSection9',
      displayName: 'New',
      isActive: created.isActive,
      visibility: created.visibility,
      defaultSize: created.defaultSize,
      defaultDisplayOption: created.defaultDisplayOption,
      mobileSize: undefined,
      background: undefined,
      wallpaper: undefined,
    });
  });

  it('addPage without a name sends displayName undefined, is not refused for RDL, and rejects with the body', async () => {
    const report = await f.embedReport({ embedUrl: RDL_URL });
    f.script({ 'POST /report/addPage': { statusCode: 403, body: { message: 'denied' } } });
    await expect(report.addPage()).rejects.toStrictEqual({ message: 'denied' });
    expectRequest(
      f.onlyRequest(),
      'POST',
      '/report/addPage',
      { displayName: undefined },
      report.config.uniqueId,
    );
  });

  it('page() builds a Page locally without a round trip', async () => {
    const report = await f.embedReport();
    const page = report.page(
      'ReportSection3',
      'Third',
      true,
      models.SectionVisibility.AlwaysVisible,
    );
    expect(page).toBeInstanceOf(Page);
    expect(page.report).toBe(report);
    expect(fields(page)).toMatchObject({
      name: 'ReportSection3',
      displayName: 'Third',
      isActive: true,
      visibility: 0,
    });
    expect(f.requests()).toEqual([]);
  });
});
