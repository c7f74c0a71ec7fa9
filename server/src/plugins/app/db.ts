import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DatabaseHandle } from '../../db/create-database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    database: DatabaseHandle;
  }
}

/** Exposes the database opened by the caller (server.ts or a test); the caller closes it. */
export default fp<{ database: DatabaseHandle }>(
  (app, { database }, done) => {
    app.decorate('database', database);
    app.decorate('db', database.db);
    done();
  },
  { name: 'db' },
);
