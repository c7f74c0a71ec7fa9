import type { RouteTable } from '../protocol/route-table.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { ReportController } from '../report/report-controller.ts';
import { registerBookmarkRoutes } from '../report/routes-bookmarks.ts';
import { registerCoreRoutes } from '../report/routes-core.ts';
import { registerFilterRoutes } from '../report/routes-filters.ts';
import { registerPageRoutes } from '../report/routes-pages.ts';
import { registerVisualRoutes } from '../report/routes-visuals.ts';

/** `/reportEmbed`: reports, single visuals and report creation. */
export function registerReportRoutes(
  routes: RouteTable,
  transport: FrameTransport,
  root: HTMLElement,
  uid: string,
): ReportController {
  const controller = new ReportController(transport, root, uid);
  registerCoreRoutes(routes, controller, false);
  registerPageRoutes(routes, controller);
  registerFilterRoutes(routes, controller);
  registerVisualRoutes(routes, controller);
  registerBookmarkRoutes(routes, controller);
  controller.frontLoad.announce(transport, uid);
  return controller;
}
