import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import { LOGO_MAX_BYTES, storeLogo } from '../../../modules/storage/logos.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

/**
 * Per person (after authentication, so colleagues behind one address do not share it): uploads
 * write to storage, so they get a ceiling of their own well below the API-wide one.
 */
export const UPLOAD_RATE_LIMIT = {
  max: 30,
  timeWindow: 60_000,
  hook: 'preHandler' as const,
  keyGenerator: (request: FastifyRequest) => request.principal?.userId ?? request.ip,
};

/**
 * The `logo` file of a multipart request, read as it streams in: past LOGO_MAX_BYTES the plugin
 * stops reading and answers 413, so an oversized body is never held in memory.
 */
async function logoBytes(request: FastifyRequest): Promise<Buffer> {
  const file = await request.file({ limits: { fileSize: LOGO_MAX_BYTES, files: 1 } });
  if (!file || file.fieldname !== 'logo') {
    throw new AppError('VALIDATION_FAILED', {
      fields: [{ path: 'body.logo', message: 'An image file is required in the field "logo"' }],
    });
  }
  return file.toBuffer();
}

/** Logo uploads: the tenant screens of super administrators and tenant Admins. */
const uploads: FastifyPluginAsyncZod = async (app) => {
  const upload = async (request: FastifyRequest) =>
    storeLogo(app.logos, actorOf(request), await logoBytes(request));

  for (const declaration of [endpoints.uploadTenantLogo, endpoints.uploadOwnTenantLogo]) {
    const route = routeOf(app, declaration);
    app.route({
      ...route,
      config: { ...route.config, rateLimit: UPLOAD_RATE_LIMIT },
      handler: upload,
    });
  }
};

export default uploads;
