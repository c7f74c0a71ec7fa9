import type { EventScope } from '../protocol/event-poster.ts';
import { accepted, ok, type RouteRequest, type RouteTable } from '../protocol/route-table.ts';
import {
  applyFiltersOperation,
  readUpdateFilters,
  validateFilters,
  type Filter,
} from './filters.ts';
import type { ReportController } from './report-controller.ts';

interface Level {
  get(request: RouteRequest): Filter[];
  set(request: RouteRequest, filters: Filter[]): void;
  scope(request: RouteRequest): EventScope;
}

/** GET, PUT (replace) and POST (`filtersOperation`) at report, page and visual level. */
export function registerFilterRoutes(routes: RouteTable, controller: ReportController): void {
  const levels: Record<string, Level> = {
    '/report/filters': {
      get: () => controller.state.reportFilters,
      set: (_, filters) => {
        controller.state.reportFilters = filters;
      },
      scope: () => ({}),
    },
    '/report/pages/:pageName/filters': {
      get: (r) =>
        controller.state.getPageFilters(controller.state.page(r.params.pageName ?? '').name),
      set: (r, filters) => {
        controller.state.pageFilters.set(
          controller.state.page(r.params.pageName ?? '').name,
          filters,
        );
      },
      scope: (r) => ({ page: r.params.pageName }),
    },
    '/report/pages/:pageName/visuals/:visualName/filters': {
      get: (r) => {
        const visual = controller.state.visual(r.params.pageName ?? '', r.params.visualName ?? '');
        return controller.state.getVisualFilters(r.params.pageName ?? '', visual.name);
      },
      set: (r, filters) => {
        const visual = controller.state.visual(r.params.pageName ?? '', r.params.visualName ?? '');
        controller.state.setVisualFilters(r.params.pageName ?? '', visual.name, filters);
      },
      scope: (r) => ({ page: r.params.pageName, visual: r.params.visualName }),
    },
  };

  const applied = (level: Level, request: RouteRequest, filters: Filter[]) => {
    level.set(request, filters);
    controller.state.selection = undefined;
    controller.events.emit('filtersApplied', { filters }, level.scope(request));
    controller.rerender();
    return accepted();
  };

  for (const [path, level] of Object.entries(levels)) {
    routes.get(path, (request) => ok(level.get(request)));
    routes.put(path, (request) => {
      level.get(request); // 404 for an unknown page or visual before validating the body
      return applied(level, request, validateFilters(request.body, controller.state.schema));
    });
    routes.post(path, (request) => {
      const current = level.get(request);
      const { operation, filters } = readUpdateFilters(request.body, controller.state.schema);
      return applied(level, request, applyFiltersOperation(current, operation, filters));
    });
  }
}
