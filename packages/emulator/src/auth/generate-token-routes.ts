import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest, notFound } from '../errors.ts';
import { buildGrant, type GrantRequest } from '../policy/grant-policy.ts';
import { restScope } from '../rest/scope.ts';
import { odataContext } from '../rest/urls.ts';

const idList = (extra: Record<string, unknown> = {}) => ({
  type: 'array',
  maxItems: 50,
  items: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', minLength: 1 }, ...extra },
  },
});

const identitiesSchema = {
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
} as const;

const v2Schema = {
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
} as const;

/** V1 per-item request body (reports, dashboards, tiles, create). */
interface V1Body {
  accessLevel?: 'View' | 'Edit' | 'Create';
  datasetId?: string;
  allowSaveAs?: boolean;
  identities?: GrantRequest['identities'];
  lifetimeInMinutes?: number;
}

const v1Schema = {
  type: ['object', 'null'],
  properties: {
    accessLevel: { type: 'string', enum: ['View', 'Edit', 'Create'] },
    datasetId: { type: 'string' },
    allowSaveAs: { type: 'boolean' },
    identities: identitiesSchema,
    lifetimeInMinutes: { type: 'integer', minimum: 0 },
  },
} as const;

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

  app.post<{ Body: GrantRequest }>('/GenerateToken', { schema: { body: v2Schema } }, (request) =>
    issue(request, request.body),
  );

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

  app.post<{ Params: { groupId: string; reportId: string }; Body: V1Body | null }>(
    '/groups/:groupId/reports/:reportId/GenerateToken',
    { schema: { body: v1Schema } },
    (request) => {
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
  );

  app.post<{ Params: { groupId: string }; Body: V1Body | null }>(
    '/groups/:groupId/reports/GenerateToken',
    { schema: { body: v1Schema } },
    (request) => {
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
  );

  app.post<{ Params: { groupId: string; datasetId: string }; Body: V1Body | null }>(
    '/groups/:groupId/datasets/:datasetId/GenerateToken',
    { schema: { body: v1Schema } },
    (request) => v1(request, { datasets: [{ id: request.params.datasetId }] }),
  );

  app.post<{ Params: { groupId: string; dashboardId: string }; Body: V1Body | null }>(
    '/groups/:groupId/dashboards/:dashboardId/GenerateToken',
    { schema: { body: v1Schema } },
    (request) => v1(request, { dashboards: [request.params.dashboardId] }),
  );

  app.post<{
    Params: { groupId: string; dashboardId: string; tileId: string };
    Body: V1Body | null;
  }>(
    '/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken',
    { schema: { body: v1Schema } },
    (request) => {
      const found = context.registry.findTile(request.params.tileId);
      if (!found || found.dashboard.definition.id !== request.params.dashboardId) {
        throw notFound(`Tile ${request.params.tileId}`);
      }
      return v1(request, { tiles: [request.params.tileId] });
    },
  );
}
