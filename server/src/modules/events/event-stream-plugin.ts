import fp from 'fastify-plugin';
import type { EventStreamDeps } from './event-stream.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What serving a person's event stream needs: the database, the hub and the lifetime. */
    eventStream: EventStreamDeps;
  }
}

/** The event stream's dependencies, built once at start-up (the hub comes from chat-push). */
export default fp(
  (app, _options, done) => {
    app.decorate('eventStream', {
      db: app.db,
      hub: app.chatHub,
      lifetimeMs: app.config.accessTokenTtlSeconds * 1000,
    });
    done();
  },
  { name: 'event-stream', dependencies: ['config', 'db', 'chat-push'] },
);
