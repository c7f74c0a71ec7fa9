import fp from 'fastify-plugin';
import type { LogoDeps } from './logos.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What storing and serving logos needs: the file rows and the storage behind them. */
    logos: LogoDeps;
  }
}

/** The logo services' dependencies, built once at start-up. */
export default fp(
  (app, _options, done) => {
    app.decorate('logos', { db: app.db, storage: app.storage });
    done();
  },
  { name: 'logos', dependencies: ['db', 'services'] },
);
