import { endpoints, type RevokeRequest } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  grantReport,
  listGrants,
  revokeReport,
  type GrantTarget,
} from '../../../modules/permissions/permissions.service.ts';
import { recordUsage } from '../../../modules/usage/usage.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';
import { reportAndTokenRoutes } from './report-and-token-routes.ts';

const ok = { ok: true as const };

/** The grant bodies name the workspace `workspaceId`, as clients send it: here it is mapped. */
const grantTargetOf = ({
  userId,
  reportId,
  workspaceId,
  tenantId,
}: RevokeRequest): GrantTarget => ({
  userId,
  reportId,
  powerBiGroupId: workspaceId,
  tenantId,
});

/**
 * Reports and embed tokens for tenant users, report grants for super administrators, and the
 * report usage log. The rules are in modules/reports and modules/permissions.
 */
const powerbi: FastifyPluginAsyncZod = async (app) => {
  reportAndTokenRoutes(app, 'tenant-user');

  app.route({
    ...routeOf(app, endpoints.listReportGrants),
    // The path's {groupId} is the tenant's powerBiGroupId.
    handler: (request) => listGrants(app.db, request.params.groupId),
  });

  app.route({
    ...routeOf(app, endpoints.grantReport),
    handler: async (request) => {
      await grantReport(app.db, actorOf(request), grantTargetOf(request.body));
      return ok;
    },
  });

  app.route({
    ...routeOf(app, endpoints.revokeReport),
    handler: async (request) => {
      await revokeReport(app.db, actorOf(request), grantTargetOf(request.body));
      return ok;
    },
  });

  app.route({
    ...routeOf(app, endpoints.recordReportUsage),
    handler: async (request) => {
      await recordUsage(app.db, principalOf(request), request.body);
      return ok;
    },
  });
};

export default powerbi;
