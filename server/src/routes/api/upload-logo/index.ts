import { ErrorBody, UploadResult } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../errors.ts';
import { LOGO_MAX_BYTES, storeLogo } from '../../../modules/storage/logos.service.ts';
import { actorOf } from '../../../plugins/app/authenticate.ts';

const responses = {
  200: UploadResult,
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
};

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
    storeLogo({ db: app.db, storage: app.storage }, actorOf(request), await logoBytes(request));

  app.post(
    '/admin/upload-logo',
    {
      config: { access: 'superadmin', rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['uploads'],
        operationId: 'uploadTenantLogo',
        summary: 'Upload a tenant logo (multipart field "logo"; PNG, JPEG, GIF or WebP, ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        response: responses,
      },
    },
    upload,
  );

  app.post(
    '/upload-logo',
    {
      config: { access: 'tenant-admin', rateLimit: UPLOAD_RATE_LIMIT },
      schema: {
        tags: ['uploads'],
        operationId: 'uploadOwnTenantLogo',
        summary:
          'Upload the caller\'s tenant logo (multipart field "logo"; PNG, JPEG, GIF or WebP, ≤ 2 MB)',
        consumes: ['multipart/form-data'],
        response: responses,
      },
    },
    upload,
  );
};

export default uploads;
