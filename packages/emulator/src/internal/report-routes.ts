import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ReportDefinition, SaveReportRequest } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { blankPages, checkDefinition } from '../query/validate-definition.ts';
import { isRecord } from '../is-record.ts';
import {
  canCreateReport,
  canEditReport,
  canReadDashboard,
  canReadReport,
} from '../policy/embed-access.ts';
import { embedToken } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { largeBodyLimit } from '../validation/body-limits.ts';
import type { JsonSchema } from '../validation/json-schema.ts';
import { idSchema, nameSchema } from '../validation/schema-fragments.ts';
import { claimsOf, dashboardOr404, datasetOr404, notAuthorized, reportOr404 } from './guards.ts';

/** A saved bookmark (the contract's BookmarkDefinition): its filters compile when it is applied. */
const bookmarkSchema: JsonSchema = {
  type: 'object',
  required: ['name', 'displayName'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 256 },
    displayName: { type: 'string', maxLength: 256 },
    pageName: { type: 'string', maxLength: 256 },
    filters: { type: 'array', maxItems: 100, items: { type: 'object' } },
    state: { type: 'string', maxLength: 65_536 },
  },
};

/**
 * A report definition as save, saveAs and create send it: its parts are checked in depth (and with
 * the model) by checkDefinition; this bounds the sizes first.
 */
const definitionSchema: JsonSchema = {
  type: 'object',
  properties: {
    name: nameSchema,
    pages: { type: 'array', maxItems: 100 },
    bookmarks: { type: 'array', maxItems: 500, items: bookmarkSchema },
  },
};

/** Report and dashboard definitions for the frame, and saveAs/create/save persistence. */
export function reportRoutes(app: FastifyInstance, context: EmulatorContext): void {
  defineRoute<{ Params: { reportId: string } }>(app, {
    method: 'GET',
    url: '/reports/:reportId',
    guard: embedToken('readReport'),
    handler: (request) => {
      const claims = claimsOf(context, request);
      const record = reportOr404(context, request.params.reportId);
      if (!canReadReport(context, claims, record))
        throw notAuthorized(`report ${record.definition.id}`);
      return record.definition;
    },
  });

  // The dashboard's layout (tiles and what they pin); the pinned visuals come from tile-routes.ts.
  defineRoute<{ Params: { dashboardId: string } }>(app, {
    method: 'GET',
    url: '/dashboards/:dashboardId',
    guard: embedToken('readDashboard'),
    handler: (request) => {
      const claims = claimsOf(context, request);
      const record = dashboardOr404(context, request.params.dashboardId);
      if (!canReadDashboard(context, claims, record)) {
        throw notAuthorized(`dashboard ${record.definition.id}`);
      }
      return record.definition;
    },
  });

  defineRoute<{ Body: SaveReportRequest }>(app, {
    method: 'POST',
    url: '/reports',
    guard: embedToken('createReport'),
    body: {
      type: 'object',
      required: ['name', 'datasetId'],
      properties: {
        name: nameSchema,
        datasetId: idSchema,
        definition: definitionSchema,
        sourceReportId: idSchema,
        groupId: idSchema,
      },
    },
    bodyLimit: largeBodyLimit,
    handler: (request) => {
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
    },
  });

  defineRoute<{ Params: { reportId: string } }>(app, {
    method: 'PUT',
    url: '/reports/:reportId',
    guard: embedToken('editReport'),
    body: definitionSchema,
    bodyLimit: largeBodyLimit,
    handler: (request) => {
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
    },
  });
}
