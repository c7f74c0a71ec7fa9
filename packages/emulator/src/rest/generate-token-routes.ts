import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { buildGrant, type GrantRequest } from '../policy/grant-policy.ts';
import { anyAppToken, workspaceRole } from '../policy/route-guard.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';
import { defineRoute } from '../routing/define-route.ts';
import type { JsonSchema } from '../validation/json-schema.ts';

const idList = (extra: Record<string, JsonSchema> = {}): JsonSchema => ({
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1 }, ...extra },
  },
});

const identitiesSchema: JsonSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['username'],
    properties: {
      username: { type: 'string', minLength: 1, maxLength: 256 },
      roles: {
        type: 'array',
        maxItems: 50,
        items: { type: 'string', minLength: 1, maxLength: 50, pattern: '^[^,]*$' },
      },
      datasets: { type: 'array', items: { type: 'string' } },
      customData: { type: 'string' },
      reports: { type: 'array', items: { type: 'string' } },
      identityBlob: { type: 'object' },
      auditableContext: { type: 'string' },
    },
  },
};

const v2Schema: JsonSchema = {
  type: 'object',
  properties: {
    reports: idList({ allowEdit: { type: 'boolean' } }),
    datasets: idList({ xmlaPermissions: { type: 'string', enum: ['Off', 'ReadOnly'] } }),
    targetWorkspaces: idList(),
    identities: identitiesSchema,
    lifetimeInMinutes: { type: 'integer', minimum: 0 },
    datasourceIdentities: { type: 'array' },
    // Not in the service's V2 body, but read by the grant: typed here so a non-array is a 400.
    dashboards: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 128 } },
    tiles: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 128 } },
  },
};

/** V1 per-item request body (reports, dashboards, tiles, create). */
interface V1Body {
  accessLevel?: 'View' | 'Edit' | 'Create';
  datasetId?: string;
  allowSaveAs?: boolean;
  identities?: GrantRequest['identities'];
  lifetimeInMinutes?: number;
}

const v1Schema: JsonSchema = {
  type: ['object', 'null'],
  properties: {
    accessLevel: { type: 'string', enum: ['View', 'Edit', 'Create'] },
    datasetId: { type: 'string' },
    allowSaveAs: { type: 'boolean' },
    identities: identitiesSchema,
    lifetimeInMinutes: { type: 'integer', minimum: 0 },
  },
};

/**
 * POST /GenerateToken (V2, multi-resource) and the per-item V1 variants
 * (/groups/{g}/reports/{r}/GenerateToken, /groups/{g}/reports/GenerateToken for create,
 * /groups/{g}/dashboards/{d}/GenerateToken, /groups/{g}/dashboards/{d}/tiles/{t}/GenerateToken,
 * /groups/{g}/datasets/{d}/GenerateToken). All answer { token, tokenId, expiration }.
 */
export function generateTokenRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  const issue = (request: FastifyRequest, grantRequest: GrantRequest) => {
    const scope = restScope(context, request, prefix);
    // Per-item routes name a workspace: everything the token lists must be in it.
    const workspaceId = (request.params as { groupId?: string }).groupId;
    const { grant, exp } = buildGrant(
      context,
      { principal: scope.claims.sub, ...(workspaceId !== undefined ? { workspaceId } : {}) },
      grantRequest,
      scope.claims.exp,
    );
    const issued = context.tokens.issueEmbedToken(scope.claims.sub, grant, exp);
    return {
      '@odata.context': odataContext(
        scope.base,
        'Microsoft.PowerBI.ServiceContracts.Api.V1.GenerateToken',
      ),
      token: issued.token,
      tokenId: issued.tokenId,
      expiration: new Date(issued.exp * 1000).toISOString(),
    };
  };

  // V2 names no workspace: the grant policy checks the caller's role for every item the body lists.
  defineRoute<{ Body: GrantRequest }>(app, {
    method: 'POST',
    url: '/GenerateToken',
    guard: anyAppToken({ grant: true }),
    body: v2Schema,
    handler: (request) => issue(request, request.body),
  });

  const v1 = (request: FastifyRequest<{ Body: V1Body | null }>, grant: GrantRequest) => {
    const body = request.body ?? {};
    return issue(request, {
      ...grant,
      ...(body.identities ? { identities: body.identities } : {}),
      ...(body.lifetimeInMinutes !== undefined
        ? { lifetimeInMinutes: body.lifetimeInMinutes }
        : {}),
    });
  };

  defineRoute<{ Params: { groupId: string; reportId: string }; Body: V1Body | null }>(app, {
    method: 'POST',
    url: '/groups/:groupId/reports/:reportId/GenerateToken',
    guard: workspaceRole('embedView', 'group', { grant: true }),
    body: v1Schema,
    handler: (request) => {
      const { groupId, reportId } = request.params;
      const record = context.registry.reports.get(reportId);
      if (!record || record.groupId !== groupId) throw notFound(`Report ${reportId}`);
      const body = request.body ?? {};
      if (body.accessLevel === 'Create') {
        throw badRequest(
          'accessLevel Create is for POST /groups/{groupId}/reports/GenerateToken',
          'accessLevel',
        );
      }
      const edit = body.accessLevel === 'Edit';
      const paginated = record.definition.reportType === 'PaginatedReport';
      return v1(request, {
        reports: [{ id: reportId, allowEdit: edit }],
        ...(paginated ? {} : { datasets: [{ id: body.datasetId ?? record.definition.datasetId }] }),
        // Edit with allowSaveAs lets the embed save copies into the report's workspace.
        ...(body.allowSaveAs === true ? { allowSaveAs: true } : {}),
      });
    },
  });

  defineRoute<{ Params: { groupId: string }; Body: V1Body | null }>(app, {
    method: 'POST',
    url: '/groups/:groupId/reports/GenerateToken',
    guard: workspaceRole('embedCreate', 'group', { grant: true }),
    body: v1Schema,
    handler: (request) => {
      const body = request.body ?? {};
      if (body.accessLevel !== 'Create' || !body.datasetId) {
        throw badRequest(
          'Creating a report needs accessLevel "Create" and a datasetId',
          'accessLevel',
        );
      }
      return v1(request, {
        datasets: [{ id: body.datasetId }],
        targetWorkspaces: [{ id: request.params.groupId }],
      });
    },
  });

  defineRoute<{ Params: { groupId: string; datasetId: string }; Body: V1Body | null }>(app, {
    method: 'POST',
    url: '/groups/:groupId/datasets/:datasetId/GenerateToken',
    guard: workspaceRole('embedView', 'group', { grant: true }),
    body: v1Schema,
    handler: (request) => v1(request, { datasets: [{ id: request.params.datasetId }] }),
  });

  defineRoute<{ Params: { groupId: string; dashboardId: string }; Body: V1Body | null }>(app, {
    method: 'POST',
    url: '/groups/:groupId/dashboards/:dashboardId/GenerateToken',
    guard: workspaceRole('embedView', 'group', { grant: true }),
    body: v1Schema,
    handler: (request) => v1(request, { dashboards: [request.params.dashboardId] }),
  });

  defineRoute<{
    Params: { groupId: string; dashboardId: string; tileId: string };
    Body: V1Body | null;
  }>(app, {
    method: 'POST',
    url: '/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    guard: workspaceRole('embedView', 'group', { grant: true }),
    body: v1Schema,
    handler: (request) => {
      const found = context.registry.findTile(request.params.tileId);
      if (!found || found.dashboard.definition.id !== request.params.dashboardId) {
        throw notFound(`Tile ${request.params.tileId}`);
      }
      return v1(request, { tiles: [request.params.tileId] });
    },
  });
}
