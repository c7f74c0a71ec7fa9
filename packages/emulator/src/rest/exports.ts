import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { QueryResult } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import type { EffectiveIdentity } from '../auth/claims.ts';
import { parseExportFilter } from '../export/export-filters.ts';
import { exportLocale } from '../export/number-format.ts';
import { reportPdf } from '../export/pdf-report.ts';
import { reportPptx } from '../export/pptx-report.ts';
import {
  parameterFilters,
  selectPages,
  snapshotReport,
  type PageSelection,
} from '../export/report-snapshot.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { exportIdentity } from '../policy/row-security.ts';
import { runQuery } from '../query/run-query.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { ReportRecord } from '../state/records.ts';
import { tinyPng, toCsv } from './export-files.ts';
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
  PPTX: {
    extension: '.pptx',
    type: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  },
  PNG: { extension: '.png', type: 'image/png' },
  CSV: { extension: '.csv', type: 'text/csv' },
};

/** What rendering the file needs, fixed when the job is created (later edits don't change it). */
interface ExportPlan {
  record: ReportRecord;
  identity: EffectiveIdentity | undefined;
  pages: ReturnType<typeof selectPages>;
  filters: object[];
  locale: string;
}

interface ExportJob {
  id: string;
  reportId: string;
  groupId: string;
  reportName: string;
  format: string;
  created: number;
  /** Set once rendering ended: the file, or why the export failed. */
  outcome?: { file: Buffer } | { error: string };
  /** Resolves when `outcome` is set (never rejects). */
  settled: Promise<void>;
}

interface IdentityBody {
  username: string;
  roles?: string[];
  datasets?: string[];
  customData?: string;
}

interface ExportBody {
  format: string;
  powerBIReportConfiguration?: {
    identities?: IdentityBody[];
    pages?: PageSelection[];
    reportLevelFilters?: { filter: string }[];
    defaultBookmark?: { name?: string; state?: string };
    settings?: { locale?: string; includeHiddenPages?: boolean };
  };
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
      customData: { type: 'string' },
    },
  },
} as const;

const bodySchema = {
  type: 'object',
  required: ['format'],
  properties: {
    format: { type: 'string', minLength: 1 },
    powerBIReportConfiguration: {
      type: 'object',
      properties: {
        identities: identitySchema,
        pages: {
          type: 'array',
          items: {
            type: 'object',
            required: ['pageName'],
            properties: {
              pageName: { type: 'string', minLength: 1 },
              visualName: { type: 'string', minLength: 1 },
            },
          },
        },
        reportLevelFilters: {
          type: 'array',
          items: {
            type: 'object',
            required: ['filter'],
            properties: { filter: { type: 'string', minLength: 1 } },
          },
        },
        defaultBookmark: {
          type: 'object',
          properties: { name: { type: 'string' }, state: { type: 'string' } },
        },
        settings: {
          type: 'object',
          properties: {
            locale: { type: 'string' },
            includeHiddenPages: { type: 'boolean' },
          },
        },
      },
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
} as const;

/**
 * Export To File: POST …/ExportTo → 202, poll …/exports/{id} (202 while running, 200 when done),
 * GET …/exports/{id}/file. The state machine advances with the emulator's clock, one phase
 * (config exportPhaseMs) NotStarted and two Running; the file is rendered in the background from the
 * moment the job exists, and a poll after the last phase waits for it, so the outcome never depends
 * on how fast the machine is.
 */
export function exportRoutes(app: FastifyInstance, context: EmulatorContext, prefix: string): void {
  const jobs = new Map<string, ExportJob>();
  const phaseMs = context.config.exportPhaseMs;

  const status = async (job: ExportJob) => {
    const elapsed = context.config.now() - job.created;
    if (elapsed < phaseMs) return { state: 'NotStarted', percentComplete: 0 };
    if (elapsed < 3 * phaseMs) {
      const percentComplete = Math.round(((elapsed - phaseMs) / (2 * phaseMs)) * 100);
      return { state: 'Running', percentComplete };
    }
    await job.settled;
    return {
      state: job.outcome && 'file' in job.outcome ? 'Succeeded' : 'Failed',
      percentComplete: 100,
    };
  };

  const exportJson = async (base: string, job: ExportJob) => {
    const { state, percentComplete } = await status(job);
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

  defineRoute<{ Params: { groupId: string; reportId: string }; Body: ExportBody }>(app, {
    method: 'POST',
    url: '/groups/:groupId/reports/:reportId/ExportTo',
    guard: workspaceRole('read'),
    body: bodySchema,
    handler: async (request, reply) => {
      const scope = restScope(context, request, prefix);
      const record = findReport(context, scope, request.params);
      const { definition } = record;
      const paginated = definition.reportType === 'PaginatedReport';
      const format = request.body.format.toUpperCase();
      const allowed = paginated ? paginatedFormats : powerBiFormats;
      if (!allowed.includes(format)) {
        throw badRequest(
          `format must be one of ${allowed.join(', ')} for a ${definition.reportType}`,
          'format',
        );
      }
      const config = request.body.powerBIReportConfiguration;
      const identities = (
        config?.identities ??
        request.body.paginatedReportConfiguration?.identities ??
        []
      ).map((identity) => ({
        username: identity.username,
        roles: identity.roles ?? [],
        datasets: identity.datasets ?? [],
        ...(identity.customData === undefined ? {} : { customData: identity.customData }),
      }));
      // Everything is checked before a job exists: exports honour RLS like embed tokens, and a bad
      // page name, filter or bookmark is the caller's mistake (400), not a failed export.
      const dataset = context.registry.datasets.get(definition.datasetId);
      const identity = dataset
        ? exportIdentity(context, scope.claims.sub, dataset, identities)
        : undefined;
      const plan: ExportPlan = {
        record,
        identity,
        pages: selectPages(
          definition,
          config?.pages,
          config?.settings?.includeHiddenPages ?? false,
        ),
        filters: [
          ...parameterFilters(
            definition,
            request.body.paginatedReportConfiguration?.parameterValues ?? [],
          ),
          ...exportFilters(definition, dataset?.model, config),
        ],
        locale: exportLocale(config?.settings?.locale),
      };
      const job: ExportJob = {
        id: randomBytes(24).toString('base64url'),
        reportId: definition.id,
        groupId: record.groupId,
        reportName: definition.name,
        format,
        created: context.config.now(),
        settled: Promise.resolve(),
      };
      job.settled = render(context, job, plan).then(
        (file) => void (job.outcome = { file }),
        (error: unknown) =>
          void (job.outcome = { error: error instanceof Error ? error.message : String(error) }),
      );
      jobs.set(job.id, job);
      return reply.code(202).send(await exportJson(scope.base, job));
    },
  });

  const jobOf = (params: { groupId: string; reportId: string; exportId: string }) => {
    const job = jobs.get(params.exportId);
    if (!job || job.reportId !== params.reportId || job.groupId !== params.groupId)
      throw notFound(`Export ${params.exportId}`);
    return job;
  };

  defineRoute<{ Params: { groupId: string; reportId: string; exportId: string } }>(app, {
    method: 'GET',
    url: '/groups/:groupId/reports/:reportId/exports/:exportId',
    guard: workspaceRole('read'),
    handler: async (request, reply) => {
      const scope = restScope(context, request, prefix);
      findReport(context, scope, request.params);
      const job = jobOf(request.params);
      const json = await exportJson(scope.base, job);
      return reply
        .code(json.status === 'Succeeded' || json.status === 'Failed' ? 200 : 202)
        .send(json);
    },
  });

  defineRoute<{ Params: { groupId: string; reportId: string; exportId: string } }>(app, {
    method: 'GET',
    url: '/groups/:groupId/reports/:reportId/exports/:exportId/file',
    guard: workspaceRole('read'),
    handler: async (request, reply) => {
      const scope = restScope(context, request, prefix);
      findReport(context, scope, request.params);
      const job = jobOf(request.params);
      const kind = rendered[job.format];
      const { state } = await status(job);
      if (state !== 'Succeeded' || !kind || !job.outcome || !('file' in job.outcome)) {
        throw notFound(`File of export ${job.id}`);
      }
      return reply
        .header('content-type', kind.type)
        .header('content-disposition', attachment(`${job.reportName}${kind.extension}`))
        .send(job.outcome.file);
    },
  });
}

/**
 * `attachment` with the file name twice: an ASCII fallback for old clients, and the exact name in
 * RFC 5987 form (`filename*`), which browsers and mail clients prefer.
 */
function attachment(name: string): string {
  const ascii = name.replace(/[^\w .-]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** reportLevelFilters (the service supports one) and the default bookmark's filters. */
function exportFilters(
  definition: ReportRecord['definition'],
  model: Parameters<typeof parseExportFilter>[1] | undefined,
  config: ExportBody['powerBIReportConfiguration'],
): object[] {
  const levelFilters = config?.reportLevelFilters ?? [];
  if (levelFilters.length > 1) {
    throw badRequest('reportLevelFilters supports one filter', 'reportLevelFilters');
  }
  const parsed = model
    ? levelFilters.flatMap(({ filter }) => parseExportFilter(filter, model))
    : [];
  const bookmarkName = config?.defaultBookmark?.name;
  if (bookmarkName === undefined) return parsed;
  const bookmark = definition.bookmarks?.find((candidate) => candidate.name === bookmarkName);
  if (!bookmark) throw badRequest(`Bookmark ${bookmarkName} does not exist`, 'defaultBookmark');
  return [...(bookmark.filters ?? []), ...parsed];
}

/** Renders the job's file; formats the emulator does not render fail, as on a capacity without them. */
async function render(context: EmulatorContext, job: ExportJob, plan: ExportPlan): Promise<Buffer> {
  const { definition } = plan.record;
  const model = context.registry.datasets.get(definition.datasetId)?.model;
  if (!(job.format in rendered)) throw new Error(`${job.format} export is not supported`);
  if (job.format === 'PNG') return tinyPng();
  if (!model) throw new Error('The report has no dataset');
  if (job.format === 'CSV') return toCsv(await firstVisualData(context, plan, model));
  const snapshot = await snapshotReport(context, {
    definition,
    model,
    pages: plan.pages,
    identity: plan.identity,
    filters: plan.filters,
    // The file says when the job finished on the emulator's clock, the same in every download.
    exportedAt: new Date(job.created + 3 * context.config.exportPhaseMs),
    locale: plan.locale,
  });
  return job.format === 'PPTX' ? reportPptx(snapshot) : reportPdf(snapshot);
}

/** A paginated report's CSV: every row of its first visual, filtered by its parameters. */
async function firstVisualData(
  context: EmulatorContext,
  plan: ExportPlan,
  model: NonNullable<Parameters<typeof runQuery>[1]>,
): Promise<QueryResult> {
  const { definition } = plan.record;
  const visual = definition.pages[0]?.visuals[0];
  if (!visual) return { columns: [], rows: [] };
  return runQuery(
    context,
    model,
    { datasetId: definition.datasetId, ...visual.query, filters: plan.filters },
    plan.identity,
  );
}
