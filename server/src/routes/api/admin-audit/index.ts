import { Readable } from 'node:stream';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AuditActions,
  AuditFilters,
  AuditPage,
  AuditQuery,
  ErrorBody,
  auditExportFileName,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  exportAuditLog,
  readAuditActions,
  readAuditLog,
} from '../../../modules/audit/audit-log.service.ts';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody };

/** The audit log: sign-in events and every administrative change, for super administrators. */
const auditLog: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditEvents',
        summary:
          'Audit events, newest first (filter by tenantId, action, person and from/to; page with limit/offset)',
        querystring: AuditQuery,
        response: { 200: AuditPage, ...refusals },
      },
    },
    async (request) => readAuditLog(app.db, request.query),
  );

  app.get(
    '/actions',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['audit'],
        operationId: 'listAuditActions',
        summary: 'Every action name recorded so far, sorted (for the action filter)',
        response: { 200: AuditActions, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async () => readAuditActions(app.db),
  );

  app.get(
    '/export.csv',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['audit'],
        operationId: 'exportAuditEvents',
        summary: `The filtered audit log as CSV, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows`,
        description:
          'Same filters as the list. RFC 4180 CSV in UTF-8; cells starting with = + - @ get a ' +
          "leading ' so spreadsheets do not run them. `x-audit-total` says how many events " +
          'matched; `x-audit-truncated: true` when there were more than the file holds.',
        querystring: AuditFilters,
        // The body is a CSV stream, sent as is (Fastify serialises no stream).
        response: { 200: z.unknown().describe('RFC 4180 CSV (text/csv)'), ...refusals },
      },
    },
    async (request, reply) => {
      const csv = await exportAuditLog(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .header('x-audit-total', String(csv.total))
        .header('x-audit-truncated', String(csv.truncated))
        .send(Readable.from(csv.records));
    },
  );
};

export default auditLog;
