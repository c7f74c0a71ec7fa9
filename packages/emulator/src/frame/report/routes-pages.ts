import * as models from 'powerbi-models';
import { assertValid, badRequest, FrameErrorCode, objectBody } from '../frame-errors.ts';
import { accepted, ok, type RouteTable } from '../protocol/route-table.ts';
import { addPage } from './persistence.ts';
import type { ReportController } from './report-controller.ts';
import { summarizeVisual } from './smart-narrative.ts';

/** Pages: list, activate, add, rename, delete; visuals of a page; layout types; page narratives. */
export function registerPageRoutes(routes: RouteTable, controller: ReportController): void {
  routes.get('/report/pages', () => ok(controller.state.pagesInfo()));

  routes.put('/report/pages/active', (request) => {
    assertValid(models.validatePage(objectBody(request.body, 'The page')));
    const { name } = request.body as models.IPage;
    controller.state.page(name);
    controller.setActivePage(name, 'sdk');
    return accepted();
  });

  routes.post('/report/addPage', (request) => {
    const body = (request.body ?? {}) as { displayName?: unknown };
    return ok(addPage(controller, body.displayName));
  });

  routes.put('/report/pages/:pageName/name', (request) => {
    const state = controller.state;
    const page = state.page(request.params.pageName ?? '');
    const body = (request.body ?? {}) as { displayName?: unknown };
    if (typeof body.displayName !== 'string' || body.displayName.trim() === '') {
      throw badRequest('displayName must be a non-empty string', FrameErrorCode.InvalidParameters);
    }
    page.displayName = body.displayName;
    controller.markDirty();
    controller.rerender();
    return accepted();
  });

  routes.delete('/report/pages/:pageName', (request) => {
    const state = controller.state;
    const page = state.page(request.params.pageName ?? '');
    if (state.definition.pages.length === 1)
      throw badRequest('A report must keep at least one page.', FrameErrorCode.BadRequest);
    if (page.name === state.activePage) {
      const next = state.definition.pages.find((p) => p.name !== page.name);
      if (next) controller.setActivePage(next.name, 'sdk');
    }
    state.definition.pages = state.definition.pages.filter((p) => p !== page);
    state.forgetPage(page.name);
    controller.markDirty();
    controller.rerender();
    return accepted();
  });

  routes.get('/report/pages/:pageName/visuals', (request) => {
    const state = controller.state;
    const page = state.page(request.params.pageName ?? '');
    return ok(page.visuals.map((visual) => state.visualInfo(page.name, visual)));
  });

  routes.get('/report/pages/:pageName/layoutTypes/:layoutType', (request) => {
    const page = controller.state.page(request.params.pageName ?? '');
    const layout = request.params.layoutType ?? '';
    if (!(layout in models.LayoutType) || !Number.isNaN(Number(layout))) {
      throw badRequest(`Unknown layout type ${layout}`, FrameErrorCode.InvalidParameters);
    }
    // Every page has the desktop (master) layout, custom layouts are applied on it; a page has a
    // portrait phone layout only when its definition carries one.
    if (layout === 'MobilePortrait') return ok(page.mobileLayout !== undefined);
    return ok(layout === 'Master' || layout === 'Custom');
  });

  routes.get('/report/pages/:pageName/smartNarrativeInsights', async (request) => {
    const state = controller.state;
    const page = state.page(request.params.pageName ?? '');
    const parts: string[] = [];
    for (const visual of page.visuals) {
      if (visual.type === 'slicer') continue;
      const result = await controller.loadData(page.name, visual);
      parts.push(summarizeVisual(visual, result));
    }
    return ok({
      summaryText:
        parts.length > 0
          ? parts.join(' ')
          : `${page.displayName} has no data visuals to summarize.`,
    });
  });
}
