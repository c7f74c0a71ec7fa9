import * as models from 'powerbi-models';
import type { ColumnRef, MeasureRef, VisualDefinition } from '../../contract.ts';
import { assertValid, badRequest, FrameErrorCode } from '../frame-errors.ts';
import { accepted, ok, type RouteRequest, type RouteTable } from '../protocol/route-table.ts';
import { validateFilters } from './filters.ts';
import type { ReportController } from './report-controller.ts';
import { summarizeVisual } from './smart-narrative.ts';
import { queryVisual, toCsv } from './visual-data.ts';

const base = '/report/pages/:pageName/visuals/:visualName';

/** Finds the grouping column or measure of a visual that a sortBy target names. */
function sortRef(
  visual: VisualDefinition,
  target: Record<string, unknown>,
): ColumnRef | MeasureRef | undefined {
  if (typeof target.column === 'string') {
    const group = [...(visual.query.groupBy ?? []), ...(visual.query.columns ?? [])].find(
      (c) => c.table === target.table && c.column === target.column,
    );
    if (group) return group;
    return visual.query.measures?.find(
      (m) => m.table === target.table && m.column === target.column,
    );
  }
  if (typeof target.measure === 'string') {
    return visual.query.measures?.find(
      (m) =>
        m.table === target.table && (m.alias === target.measure || m.column === target.measure),
    );
  }
  return undefined;
}

/** exportData, slicer state, sortBy, clone and smart narrative of one visual. */
export function registerVisualRoutes(routes: RouteTable, controller: ReportController): void {
  const visualOf = (request: RouteRequest) => {
    const state = controller.state;
    const page = state.page(request.params.pageName ?? '');
    return { page, visual: state.visual(page.name, request.params.visualName ?? '') };
  };

  routes.post(`${base}/exportData`, async (request) => {
    const { page, visual } = visualOf(request);
    const body = (request.body ?? {}) as models.IExportDataRequest;
    assertValid(models.validateExportDataRequest(body));
    const underlying = body.exportDataType === models.ExportDataType.Underlying;
    const result = await queryVisual(
      {
        api: controller.api,
        datasetId: controller.state.definition.datasetId,
        reportId: controller.isNew ? undefined : controller.state.definition.id,
        onTokenExpired: () => void controller.tokens.expire(),
      },
      visual,
      controller.state.effectiveFilters(page.name, visual),
      { page: page.name, mode: underlying ? 'underlying' : 'summarized', limit: body.rows },
    );
    if (body.rows !== undefined && result.rows.length > body.rows)
      result.rows = result.rows.slice(0, body.rows);
    return ok({ data: toCsv(result) });
  });

  routes.get(`${base}/slicer`, (request) => {
    const { page, visual } = visualOf(request);
    if (visual.type !== 'slicer')
      throw badRequest(`Visual ${visual.name} is not a slicer.`, FrameErrorCode.InvalidParameters);
    return ok(controller.state.getSlicerState(page.name, visual.name));
  });
  routes.put(`${base}/slicer`, (request) => {
    const { page, visual } = visualOf(request);
    if (visual.type !== 'slicer')
      throw badRequest(`Visual ${visual.name} is not a slicer.`, FrameErrorCode.InvalidParameters);
    assertValid(models.validateSlicerState(request.body));
    const state = request.body as models.ISlicerState;
    controller.state.setSlicerState(page.name, visual.name, {
      filters: validateFilters(state.filters, controller.state.schema) as models.ISlicerFilter[],
      targets: state.targets ?? (visual.target ? [{ ...visual.target }] : []),
    });
    controller.rerender();
    return accepted();
  });

  routes.put(`${base}/sortBy`, (request) => {
    const { visual } = visualOf(request);
    const body = (request.body ?? {}) as models.ISortByVisualRequest;
    if (typeof body.orderBy !== 'object' || body.orderBy === null)
      throw badRequest('orderBy is required', FrameErrorCode.InvalidParameters);
    if (
      body.direction !== models.SortDirection.Ascending &&
      body.direction !== models.SortDirection.Descending
    ) {
      throw badRequest(
        'direction must be 1 (ascending) or 2 (descending)',
        FrameErrorCode.InvalidParameters,
      );
    }
    const ref = sortRef(visual, body.orderBy as unknown as Record<string, unknown>);
    if (!ref)
      throw badRequest(
        `Visual ${visual.name} has no field ${JSON.stringify(body.orderBy)} to sort by.`,
        FrameErrorCode.InvalidParameters,
      );
    visual.query.orderBy = [
      { ref, direction: body.direction === models.SortDirection.Ascending ? 'asc' : 'desc' },
    ];
    controller.markDirty();
    controller.rerender();
    return accepted();
  });

  routes.post(`${base}/clone`, (request) => {
    const { page, visual } = visualOf(request);
    const body = (request.body ?? {}) as models.ICloneVisualRequest;
    const state = controller.state;
    let index = 1;
    while (page.visuals.some((v) => v.name === `${visual.name}_copy${index}`)) index += 1;
    const layout = body.layout ?? {};
    const clone: VisualDefinition = {
      ...structuredClone(visual),
      name: `${visual.name}_copy${index}`,
      layout: {
        x: layout.x ?? visual.layout.x + 20,
        y: layout.y ?? visual.layout.y + 20,
        z: layout.z ?? visual.layout.z + 1,
        width: layout.width ?? visual.layout.width,
        height: layout.height ?? visual.layout.height,
      },
    };
    page.visuals.push(clone);
    if (body.filters)
      state.setVisualFilters(page.name, clone.name, validateFilters(body.filters, state.schema));
    controller.markDirty();
    controller.rerender();
    return ok({ visualName: clone.name, visual: state.visualInfo(page.name, clone) });
  });

  routes.get(`${base}/smartNarrativeInsights`, async (request) => {
    const { page, visual } = visualOf(request);
    const result = await controller.loadData(page.name, visual);
    return ok({ summaryText: summarizeVisual(visual, result) });
  });
}
