import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

export default fp<{ config: Config }>(
  (app, { config }, done) => {
    app.decorate('config', config);
    done();
  },
  { name: 'config' },
);
