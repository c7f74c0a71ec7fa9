import {
  GrantRequest,
  GroupIdParams,
  Ok,
  ReportGrantList,
  RevokeRequest,
  UsageReport,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grantReport,
  listGrants,
  revokeReport,
} from '../../../modules/permissions/permissions.service.ts';
import { recordUsage } from '../../../modules/usage/usage.service.ts';
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../../shared/actor.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { analyticsErrors } from '../../analytics-errors.ts';
import { reportAndTokenRoutes } from './report-and-token-routes.ts';

const actorOf = (request: FastifyRequest): Actor => ({
  principal: principalOf(request),
  ip: request.ip,
});

const errors = analyticsErrors;

/**
 * Reports and embed tokens for tenant users, report grants for super administrators, and the
 * report usage log. The rules are in modules/reports and modules/permissions.
 */
const powerbi: FastifyPluginAsyncZod = async (app) => {
  reportAndTokenRoutes(app, 'tenant-user');

  app.get(
    '/permissions/:groupId/admin',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        operationId: 'listReportGrants',
        summary: "Every report grant in a tenant's workspace",
        params: GroupIdParams,
        response: { 200: ReportGrantList, ...errors },
      },
    },
    (request) => listGrants(app.db, request.params.groupId),
  );

  app.post(
    '/permissions/grant',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        operationId: 'grantReport',
        summary: 'Let a Viewer open a report (idempotent)',
        body: GrantRequest,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await grantReport(app.db, actorOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/permissions/revoke',
    {
      config: { access: 'superadmin' },
      schema: {
        tags: ['reports'],
        operationId: 'revokeReport',
        summary: "Remove a Viewer's access to a report",
        body: RevokeRequest,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await revokeReport(app.db, actorOf(request), request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/usage',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        operationId: 'recordReportUsage',
        summary: 'Record how long a report took to load and render',
        body: UsageReport,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await recordUsage(app.db, principalOf(request), request.body);
      return { ok: true as const };
    },
  );
};

export default powerbi;
