import { AuditPage, AuditQuery, ErrorBody } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readAuditLog } from '../../../modules/audit/audit-log.service.ts';

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
          'Audit events, newest first (filter by tenantId and action; page with limit/offset)',
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (request) => readAuditLog(app.db, request.query),
  );
};

export default auditLog;
