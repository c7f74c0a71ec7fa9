import { Readable } from 'node:stream';
import { auditExportFileName, endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  exportAuditLog,
  readAuditActions,
  readAuditLog,
} from '../../../modules/audit/audit-log.service.ts';
import { routeOf } from '../../route-of.ts';

/** The audit log: sign-in events and every administrative change, for super administrators. */
const auditLog: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listAuditEvents),
    handler: async (request) => readAuditLog(app.db, request.query),
  });

  app.route({
    ...routeOf(app, endpoints.listAuditActions),
    handler: async () => readAuditActions(),
  });

  app.route({
    ...routeOf(app, endpoints.exportAuditEvents),
    handler: async (request, reply) => {
      const csv = await exportAuditLog(app.db, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${auditExportFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .header('x-audit-total', String(csv.total))
        .header('x-audit-truncated', String(csv.truncated))
        .send(Readable.from(csv.records));
    },
  });
};

export default auditLog;
