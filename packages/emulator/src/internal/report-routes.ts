import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReportDefinition, SaveReportRequest } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { blankPages, checkDefinition } from '../reports/validate-definition.ts';
import { isRecord } from '../is-record.ts';
import {
  canCreateReport,
  canEditReport,
  canReadDashboard,
  canReadReport,
} from '../policy/embed-access.ts';
import { claimsOf, dashboardOr404, datasetOr404, notAuthorized, reportOr404 } from './guards.ts';

/** Report and dashboard definitions for the frame, and saveAs/create/save persistence. */
export function reportRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get<{ Params: { reportId: string } }>('/reports/:reportId', (request) => {
    const claims = claimsOf(context, request);
    const record = reportOr404(context, request.params.reportId);
    if (!canReadReport(context, claims, record))
      throw notAuthorized(`report ${record.definition.id}`);
    return record.definition;
  });

  // The dashboard's layout (tiles and what they pin); the pinned visuals come from tile-routes.ts.
  app.get<{ Params: { dashboardId: string } }>('/dashboards/:dashboardId', (request) => {
    const claims = claimsOf(context, request);
    const record = dashboardOr404(context, request.params.dashboardId);
    if (!canReadDashboard(context, claims, record)) {
      throw notAuthorized(`dashboard ${record.definition.id}`);
    }
    return record.definition;
  });

  app.post<{ Body: SaveReportRequest }>('/reports', (request) => {
    const claims = claimsOf(context, request);
    const body: unknown = request.body;
    if (!isRecord(body)) throw badRequest('The body must be a JSON object', 'body');
    if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 256) {
      throw badRequest('name must be a non-empty string (at most 256 characters)', 'name');
    }
    const dataset = datasetOr404(context, body.datasetId);
    let source: ReturnType<typeof reportOr404> | undefined;
    if (body.sourceReportId !== undefined) {
      if (typeof body.sourceReportId !== 'string')
        throw badRequest('sourceReportId must be a string', 'sourceReportId');
      source = reportOr404(context, body.sourceReportId);
      if (!canReadReport(context, claims, source))
        throw notAuthorized(`report ${source.definition.id}`);
    }
    if (body.groupId !== undefined && typeof body.groupId !== 'string')
      throw badRequest('groupId must be a string', 'groupId');
    const groupId = body.groupId ?? source?.groupId ?? dataset.groupId;
    if (!context.registry.workspaces.has(groupId)) throw notFound(`Workspace ${groupId}`);
    if (!canCreateReport(context, claims, groupId, dataset.id, source)) {
      throw notAuthorized(
        `saving reports on dataset ${dataset.id} into workspace ${groupId} (needs the workspace in targetWorkspaces, or Edit with allowSaveAs)`,
      );
    }
    const content =
      body.definition !== undefined
        ? checkDefinition(dataset.model, body.definition)
        : source
          ? structuredClone({
              pages: source.definition.pages,
              ...(source.definition.bookmarks ? { bookmarks: source.definition.bookmarks } : {}),
              ...(source.definition.filters ? { filters: source.definition.filters } : {}),
            })
          : { pages: blankPages() };
    const definition: ReportDefinition = {
      id: randomUUID(),
      name: body.name.trim(),
      datasetId: dataset.id,
      reportType: 'PowerBIReport',
      ...content,
    };
    const record = context.registry.addReport(groupId, definition, source?.definition.id);
    // The token that made the report may keep opening and saving it (the embed now shows it).
    if (claims.typ === 'embed') record.createdByToken = claims.jti;
    return definition;
  });

  app.put<{ Params: { reportId: string } }>('/reports/:reportId', (request) => {
    const claims = claimsOf(context, request);
    const record = reportOr404(context, request.params.reportId);
    if (!canEditReport(context, claims, record))
      throw notAuthorized(`editing report ${record.definition.id} (needs allowEdit)`);
    if (record.definition.reportType === 'PaginatedReport')
      throw badRequest('Paginated reports cannot be edited', 'reportId');
    const body: unknown = request.body;
    const model = context.registry.datasets.get(record.definition.datasetId)?.model;
    if (!model) throw notFound(`Dataset ${record.definition.datasetId}`);
    const content = checkDefinition(model, body);
    const name =
      isRecord(body) && typeof body.name === 'string' && body.name.trim() !== ''
        ? body.name.trim()
        : record.definition.name;
    record.definition = { ...record.definition, name, ...content };
    if (!content.bookmarks) delete record.definition.bookmarks;
    if (!content.filters) delete record.definition.filters;
    return record.definition;
  });
}
