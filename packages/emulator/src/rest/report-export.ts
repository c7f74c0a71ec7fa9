import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { zipArchive } from '../export/zip-archive.ts';
import { workspaceRole } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { findReport } from './reports.ts';
import { restScope } from './scope.ts';

type ReportParams = { groupId?: string; reportId: string };

/** A file name the report's name can be saved under (what Content-Disposition offers). */
const fileNameOf = (name: string) => name.replace(/[^\w .-]+/g, '_').trim() || 'report';

/**
 * Export Report (`GET …/reports/{id}/Export`): the report as a file download, as the service sends
 * it. A Power BI report comes as a .pbix (a ZIP archive; here it holds the report's definition as
 * JSON), a paginated report as its .rdl definition.
 */
export function reportExportRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  const download = (request: FastifyRequest<{ Params: ReportParams }>, reply: FastifyReply) => {
    const record = findReport(context, restScope(context, request, prefix), request.params);
    const { definition } = record;
    const json = Buffer.from(JSON.stringify(definition, null, 2), 'utf8');
    const paginated = definition.reportType === 'PaginatedReport';
    const name = `${fileNameOf(definition.name)}.${paginated ? 'rdl' : 'pbix'}`;
    const file = paginated
      ? json
      : zipArchive(
          [
            { name: 'Version', data: Buffer.from('1.28', 'utf8') },
            { name: 'Report/Layout', data: json },
          ],
          // Stored, not deflated: the definition stays readable in the raw download.
          { deflate: false },
        );
    return reply
      .header('content-type', paginated ? 'application/octet-stream' : 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(file);
  };
  // Downloading the file is reading it; the service also requires that the report may be downloaded.
  defineRoute(app, {
    method: 'GET',
    url: '/groups/:groupId/reports/:reportId/Export',
    guard: workspaceRole('read'),
    handler: download,
  });
  defineRoute(app, {
    method: 'GET',
    url: '/reports/:reportId/Export',
    guard: workspaceRole('read', 'report'),
    handler: download,
  });
}
