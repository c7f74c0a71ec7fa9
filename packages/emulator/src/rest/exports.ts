import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { QueryResult } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import type { EffectiveIdentity } from '../auth/claims.ts';
import { exportIdentity } from '../policy/row-security.ts';
import { identityFor } from '../query/rls.ts';
import { runQuery } from '../query/run-query.ts';
import type { ReportRecord } from '../state/records.ts';
import { tinyPdf, tinyPng, toCsv } from './export-files.ts';
import { findReport } from './reports.ts';
import { restScope } from './scope.ts';

/** Formats by report type, as the cloud accepts them (CSV only for paginated reports). */
const powerBiFormats = ['PDF', 'PPTX', 'PNG'];
const paginatedFormats = [
  'PDF',
  'CSV',
  'PNG',
  'XLSX',
  'DOCX',
  'XML',
  'MHTML',
  'ACCESSIBLEPDF',
  'IMAGE',
];
/** Formats the emulator renders; the others are accepted and then fail, as an unsupported capacity would. */
const rendered: Record<string, { extension: string; type: string }> = {
  PDF: { extension: '.pdf', type: 'application/pdf' },
  PNG: { extension: '.png', type: 'image/png' },
  CSV: { extension: '.csv', type: 'text/csv' },
};

interface ExportJob {
  id: string;
  reportId: string;
  groupId: string;
  reportName: string;
  format: string;
  created: number;
  parameterValues: { name: string; value: string }[];
  /** RLS identities of the export configuration: exports honour row-level security too. */
  identities: EffectiveIdentity[];
}

interface IdentityBody {
  username: string;
  roles?: string[];
  datasets?: string[];
}

interface ExportBody {
  format: string;
  powerBIReportConfiguration?: { identities?: IdentityBody[] };
  paginatedReportConfiguration?: {
    parameterValues?: { name: string; value: string }[];
    identities?: IdentityBody[];
  };
}

const identitySchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['username'],
    properties: {
      username: { type: 'string' },
      roles: { type: 'array', items: { type: 'string' } },
      datasets: { type: 'array', items: { type: 'string' } },
    },
  },
} as const;

/** How long each phase lasts: NotStarted → Running (percentComplete grows) → Succeeded. */
const phaseMs = 300;

/**
 * Export To File: POST …/ExportTo → 202, poll …/exports/{id} (202 while running, 200 when done),
 * GET …/exports/{id}/file. The state machine advances with the emulator's clock.
 */
export function exportRoutes(app: FastifyInstance, context: EmulatorContext, prefix: string): void {
  const jobs = new Map<string, ExportJob>();

  const status = (job: ExportJob) => {
    const elapsed = context.config.now() - job.created;
    const supported = job.format in rendered;
    const state =
      elapsed < phaseMs
        ? 'NotStarted'
        : elapsed < 3 * phaseMs
          ? 'Running'
          : supported
            ? 'Succeeded'
            : 'Failed';
    const percentComplete =
      state === 'NotStarted'
        ? 0
        : state === 'Running'
          ? Math.round(((elapsed - phaseMs) / (2 * phaseMs)) * 100)
          : 100;
    return { state, percentComplete };
  };

  const exportJson = (base: string, job: ExportJob) => {
    const { state, percentComplete } = status(job);
    const file = `${base}/v1.0/myorg/groups/${job.groupId}/reports/${job.reportId}/exports/${job.id}/file`;
    const extension = rendered[job.format]?.extension;
    return {
      id: job.id,
      createdDateTime: new Date(job.created).toISOString(),
      lastActionDateTime: new Date(
        Math.min(context.config.now(), job.created + 3 * phaseMs),
      ).toISOString(),
      reportId: job.reportId,
      reportName: job.reportName,
      status: state,
      percentComplete,
      ...(state === 'Succeeded' && extension
        ? {
            resourceLocation: file,
            resourceFileExtension: extension,
            ResourceFileExtension: extension,
            expirationTime: new Date(job.created + 24 * 3_600_000).toISOString(),
          }
        : {}),
    };
  };

  app.post<{ Params: { groupId: string; reportId: string }; Body: ExportBody }>(
    '/groups/:groupId/reports/:reportId/ExportTo',
    {
      schema: {
        body: {
          type: 'object',
          required: ['format'],
          properties: {
            format: { type: 'string', minLength: 1 },
            powerBIReportConfiguration: {
              type: 'object',
              properties: { identities: identitySchema },
            },
            paginatedReportConfiguration: {
              type: 'object',
              properties: {
                identities: identitySchema,
                parameterValues: {
                  type: 'array',
                  items: {
                    type: 'object',
                    required: ['name', 'value'],
                    properties: { name: { type: 'string' }, value: { type: 'string' } },
                  },
                },
              },
            },
          },
        },
      },
    },
    (request, reply) => {
      const scope = restScope(context, request, prefix);
      const record = findReport(context, scope, request.params);
      const paginated = record.definition.reportType === 'PaginatedReport';
      const format = request.body.format.toUpperCase();
      const allowed = paginated ? paginatedFormats : powerBiFormats;
      if (!allowed.includes(format)) {
        throw badRequest(
          `format must be one of ${allowed.join(', ')} for a ${record.definition.reportType}`,
          'format',
        );
      }
      const job: ExportJob = {
        id: randomBytes(24).toString('base64url'),
        reportId: record.definition.id,
        groupId: record.groupId,
        reportName: record.definition.name,
        format,
        created: context.config.now(),
        parameterValues: request.body.paginatedReportConfiguration?.parameterValues ?? [],
        identities: (
          request.body.powerBIReportConfiguration?.identities ??
          request.body.paginatedReportConfiguration?.identities ??
          []
        ).map((identity) => ({
          username: identity.username,
          roles: identity.roles ?? [],
          datasets: identity.datasets ?? [],
        })),
      };
      // Exports honour RLS like embed tokens: refuse before a job exists.
      const dataset = context.registry.datasets.get(record.definition.datasetId);
      if (dataset) exportIdentity(context, scope.claims.sub, dataset, job.identities);
      jobs.set(job.id, job);
      return reply.code(202).send(exportJson(scope.base, job));
    },
  );

  const jobOf = (params: { groupId: string; reportId: string; exportId: string }) => {
    const job = jobs.get(params.exportId);
    if (!job || job.reportId !== params.reportId || job.groupId !== params.groupId)
      throw notFound(`Export ${params.exportId}`);
    return job;
  };

  app.get<{ Params: { groupId: string; reportId: string; exportId: string } }>(
    '/groups/:groupId/reports/:reportId/exports/:exportId',
    (request, reply) => {
      const scope = restScope(context, request, prefix);
      findReport(context, scope, request.params);
      const job = jobOf(request.params);
      const json = exportJson(scope.base, job);
      return reply
        .code(json.status === 'Succeeded' || json.status === 'Failed' ? 200 : 202)
        .send(json);
    },
  );

  app.get<{ Params: { groupId: string; reportId: string; exportId: string } }>(
    '/groups/:groupId/reports/:reportId/exports/:exportId/file',
    async (request, reply) => {
      const scope = restScope(context, request, prefix);
      const record = findReport(context, scope, request.params);
      const job = jobOf(request.params);
      const kind = rendered[job.format];
      if (status(job).state !== 'Succeeded' || !kind) throw notFound(`File of export ${job.id}`);
      const body =
        job.format === 'PDF'
          ? tinyPdf(job.reportName)
          : job.format === 'PNG'
            ? tinyPng()
            : toCsv(await exportData(context, record, job));
      return reply
        .header('content-type', kind.type)
        .header(
          'content-disposition',
          `attachment; filename="${job.reportName.replace(/[^\w .-]/g, '_')}${kind.extension}"`,
        )
        .send(body);
    },
  );
}

/** The first visual of the first page, filtered by the paginated report's parameter values. */
async function exportData(
  context: EmulatorContext,
  record: ReportRecord,
  job: ExportJob,
): Promise<QueryResult> {
  const { definition } = record;
  const visual = definition.pages[0]?.visuals[0];
  const model = context.registry.datasets.get(definition.datasetId)?.model;
  if (!visual || !model) return { columns: [], rows: [] };
  const filters = (definition.parameters ?? []).flatMap((parameter) => {
    const value =
      job.parameterValues.find((p) => p.name === parameter.name)?.value ?? parameter.default;
    return parameter.target && value !== undefined
      ? [
          {
            $schema: 'http://powerbi.com/product/schema#basic',
            target: parameter.target,
            filterType: 1,
            operator: 'In',
            values: [value],
          },
        ]
      : [];
  });
  return runQuery(
    context,
    model,
    { datasetId: definition.datasetId, ...visual.query, filters },
    identityFor(job.identities, definition.datasetId),
  );
}
