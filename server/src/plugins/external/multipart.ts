import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** The largest file any route accepts (chat images); routes pass their own, smaller limits. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export default fp(
  async (app) => {
    await app.register(multipart, {
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });
  },
  { name: 'multipart' },
);
