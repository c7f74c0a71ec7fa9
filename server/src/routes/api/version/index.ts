import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildInfo } from '../../../build-info.ts';

/** Which release answers: during a rolling upgrade, each instance says which one it is. */
const version: FastifyPluginAsyncZod = async (app) => {
  const info = buildInfo();
  app.get(
    '',
    {
      config: { access: 'public', rateLimit: false },
      schema: {
        tags: ['health'],
        operationId: 'getVersion',
        summary: 'The release, commit and Node.js version of the answering instance',
        security: [],
        response: {
          200: z.object({ version: z.string(), commit: z.string().nullable(), node: z.string() }),
        },
      },
    },
    async () => info,
  );
};

export default version;
