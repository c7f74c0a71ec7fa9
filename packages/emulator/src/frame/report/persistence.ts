import * as models from 'powerbi-models';
import { ApiError } from '../api-client.ts';
import { assertValid, badRequest, FrameError, FrameErrorCode, iError } from '../frame-errors.ts';
import { apiErrorToIError } from '../token-manager.ts';
import type { VisualDefinition } from '../../contract.ts';
import type { NewVisualRequest } from '../render/fields-pane.ts';
import type { ReportHost } from './report-host.ts';
import { DEFAULT_PAGE_HEIGHT, DEFAULT_PAGE_WIDTH } from './report-state.ts';

/** An API failure as the FrameError a request rejects with. */
export function refusal(error: unknown): FrameError {
  if (error instanceof FrameError) return error;
  const status = error instanceof ApiError && error.status >= 400 ? error.status : 500;
  return new FrameError(status, apiErrorToIError(error));
}

/**
 * `/report/save`: stores the current definition (pages, visuals) and filter state (report, page and
 * visual filters, slicer selections) under the report's id.
 */
export async function save(controller: ReportHost): Promise<void> {
  const state = controller.state;
  if (controller.isNew) {
    throw badRequest(
      'This report has never been saved: use saveAs to give it a name first.',
      FrameErrorCode.BadRequest,
    );
  }
  try {
    const definition = state.definitionToSave();
    const saved = await controller.api.saveReport(definition);
    state.definition = { ...definition, name: saved.name ?? definition.name };
  } catch (error) {
    throw refusal(error);
  }
  state.dirty = false;
  controller.events.emit('saved', {
    reportObjectId: state.definition.id,
    reportName: state.definition.name,
    saveAs: false,
    originalReportObjectId: state.definition.id,
  });
  controller.rerender();
}

/** `/report/saveAs`: stores a copy under a new id; the embed then shows the new report. */
export async function saveAs(controller: ReportHost, body: unknown): Promise<models.IReport> {
  const state = controller.state;
  assertValid(models.validateSaveAsParameters(body));
  const params = body as models.ISaveAsParameters;
  if (params.name.trim().length === 0)
    throw badRequest('name must not be empty', FrameErrorCode.InvalidParameters);
  const originalId = state.definition.id;
  let created;
  try {
    created = await controller.api.createReport({
      name: params.name,
      datasetId: state.definition.datasetId,
      definition: { ...state.definitionToSave(), name: params.name },
      sourceReportId: originalId || undefined,
      groupId:
        params.targetWorkspaceId ??
        (typeof controller.config.groupId === 'string' ? controller.config.groupId : undefined),
    });
  } catch (error) {
    throw refusal(error);
  }
  if (!created?.id) {
    throw new FrameError(
      500,
      iError(
        FrameErrorCode.Internal,
        FrameErrorCode.Internal,
        'The emulator did not return the saved report.',
      ),
    );
  }
  state.definition.id = created.id;
  state.definition.name = created.name ?? params.name;
  state.dirty = false;
  controller.isNew = false;
  controller.events.emit('saved', {
    reportObjectId: created.id,
    reportName: state.definition.name,
    saveAs: true,
    originalReportObjectId: originalId || undefined,
  });
  controller.rerender();
  return { id: created.id, displayName: state.definition.name };
}

/** Edit mode: a visual from the fields pane, placed below the page's lowest visual. */
export function addVisual(controller: ReportHost, request: NewVisualRequest): VisualDefinition {
  const state = controller.state;
  const page = state.currentPage();
  const bottom = page.visuals.reduce((max, v) => Math.max(max, v.layout.y + v.layout.height), 0);
  const width = (page.width ?? DEFAULT_PAGE_WIDTH) - 48;
  let index = page.visuals.length + 1;
  while (page.visuals.some((v) => v.name === `visual${index}`)) index += 1;
  const measures = request.measures.map((ref) => ({ ...ref, aggregation: 'sum' as const }));
  const visual: VisualDefinition = {
    name: `visual${index}`,
    title: [
      ...measures.map((m) => `Sum of ${m.column}`),
      ...request.groupBy.map((g) => g.column),
    ].join(' by '),
    type: request.type,
    layout: { x: 24, y: bottom + 24, z: 0, width, height: 300 },
    query: {
      groupBy: request.type === 'card' ? [] : request.groupBy,
      measures:
        measures.length > 0 || request.type === 'tableEx'
          ? measures
          : [{ ...(request.groupBy[0] ?? { table: '', column: '' }), aggregation: 'count' }],
    },
  };
  if (page.height !== undefined && visual.layout.y + visual.layout.height > page.height)
    page.height = visual.layout.y + visual.layout.height + 24;
  else if (
    page.height === undefined &&
    visual.layout.y + visual.layout.height > DEFAULT_PAGE_HEIGHT
  )
    page.height = visual.layout.y + visual.layout.height + 24;
  page.visuals.push(visual);
  controller.markDirty();
  controller.rerender();
  return visual;
}

let pageCounter = 0;

/** `/report/addPage`: a new empty page, made active. */
export function addPage(controller: ReportHost, displayName: unknown): models.IPage {
  const state = controller.state;
  if (displayName !== undefined && displayName !== null && typeof displayName !== 'string') {
    throw badRequest('displayName must be a string', FrameErrorCode.InvalidParameters);
  }
  let name: string;
  do {
    pageCounter += 1;
    name = `ReportSection${Date.now().toString(16)}${pageCounter}`;
  } while (state.definition.pages.some((p) => p.name === name));
  const page = {
    name,
    displayName: displayName || `Page ${state.definition.pages.length + 1}`,
    visuals: [],
  };
  state.definition.pages.push(page);
  controller.markDirty();
  controller.setActivePage(name, 'sdk');
  return state.pageInfo(page);
}
