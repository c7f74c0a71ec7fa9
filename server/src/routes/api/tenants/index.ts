import {
  ErrorBody,
  TenantIdParams,
  TenantSettings,
  UpdateTenantSettingsRequest,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getTenantSettings,
  updateTenantSettings,
} from '../../../modules/tenants/tenant-settings.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';
import groups from './groups.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** A tenant's branding: read by its members and super admins, changed by its Admin. */
const tenants: FastifyPluginAsyncZod = async (app) => {
  // /api/tenants/{tenantId}/groups and the access matrix.
  await app.register(groups);

  app.get(
    '/:tenantId/settings',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['tenants'],
        operationId: 'getTenantSettings',
        summary: "A tenant's branding and workspace id",
        params: TenantIdParams,
        response: { 200: TenantSettings, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getTenantSettings(app.db, principalOf(request), request.params.tenantId);
    },
  );

  app.put(
    '/:tenantId/settings',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags: ['tenants'],
        operationId: 'updateTenantSettings',
        summary: "Change the tenant's branding (that tenant's Admin)",
        params: TenantIdParams,
        body: UpdateTenantSettingsRequest,
        response: { 200: TenantSettings, ...errors },
      },
    },
    async (request) =>
      updateTenantSettings(app.db, actorOf(request), request.params.tenantId, request.body),
  );
};

export default tenants;
