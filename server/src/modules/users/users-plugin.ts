import fp from 'fastify-plugin';
import type { Storage } from '../storage/storage.ts';
import type { UserDeps } from './users.service.ts';

/**
 * What the user services need, built once at start-up. The logger for a failed mail or file
 * removal belongs to the request, so routes add `warn` per call.
 */
export type UserServices = Omit<UserDeps, 'warn'> & { storage: Storage };

declare module 'fastify' {
  interface FastifyInstance {
    users: UserServices;
  }
}

/** The users module's services: the database, mail with the portal's address, and file storage. */
export default fp(
  (app, _options, done) => {
    app.decorate('users', {
      db: app.db,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
      storage: app.storage,
    });
    done();
  },
  { name: 'users', dependencies: ['config', 'db', 'services'] },
);
