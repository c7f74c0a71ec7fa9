import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessMatrix,
  accessMatrixCsv,
  accessMatrixFileName,
} from '../../../modules/groups/access-matrix.service.ts';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  setGroupGrant,
  setMembership,
  updateGroup,
} from '../../../modules/groups/groups.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

const ok = { ok: true as const };

/**
 * A tenant's groups, their members and report grants, and the tenant's access matrix, under
 * /api/tenants/:tenantId. Tenant Admins reach their own tenant, super administrators any; the
 * rules are in modules/groups.
 */
const groups: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.listGroups),
    handler: (request) => listGroups(app.db, principalOf(request), request.params.tenantId),
  });

  app.route({
    ...routeOf(app, endpoints.createGroup),
    handler: async (request, reply) => {
      const { tenantId } = request.params;
      const group = await createGroup(app.db, actorOf(request), tenantId, request.body);
      return reply.code(201).send(group);
    },
  });

  app.route({
    ...routeOf(app, endpoints.getGroup),
    handler: (request) => {
      const { tenantId, id } = request.params;
      return getGroup(app.db, principalOf(request), tenantId, id);
    },
  });

  app.route({
    ...routeOf(app, endpoints.updateGroup),
    handler: (request) => {
      const { tenantId, id } = request.params;
      return updateGroup(app.db, actorOf(request), tenantId, id, request.body);
    },
  });

  app.route({
    ...routeOf(app, endpoints.deleteGroup),
    handler: async (request) => {
      await deleteGroup(app.db, actorOf(request), request.params.tenantId, request.params.id);
      return ok;
    },
  });

  for (const [declaration, member] of [
    [endpoints.addGroupMember, true],
    [endpoints.removeGroupMember, false],
  ] as const) {
    app.route({
      ...routeOf(app, declaration),
      handler: async (request) => {
        const { tenantId, id, userId } = request.params;
        await setMembership(app.db, actorOf(request), tenantId, id, userId, member);
        return ok;
      },
    });
  }

  for (const [declaration, granted] of [
    [endpoints.grantGroupReport, true],
    [endpoints.revokeGroupReport, false],
  ] as const) {
    app.route({
      ...routeOf(app, declaration),
      handler: async (request) => {
        const { tenantId, id, reportId } = request.params;
        await setGroupGrant(app.db, actorOf(request), tenantId, id, reportId, granted);
        return ok;
      },
    });
  }

  app.route({
    ...routeOf(app, endpoints.getAccessMatrix),
    handler: (request) =>
      accessMatrix(app.db, principalOf(request), request.params.tenantId, request.query),
  });

  app.route({
    ...routeOf(app, endpoints.exportAccessMatrix),
    handler: async (request, reply) => {
      const { tenantId } = request.params;
      const matrix = await accessMatrix(app.db, principalOf(request), tenantId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${accessMatrixFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(accessMatrixCsv(matrix));
    },
  });
};

export default groups;
