import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

/** How long close() waits for running handlers before it lets the caller close the database. */
const DRAIN_LIMIT_MS = 10_000;

/**
 * Counts running route handlers, and makes `close()` wait for them. Fastify's close already waits
 * for requests whose client is still connected; a handler whose client went away keeps running
 * unseen, and without this it would reach a database pool that server.ts has just closed.
 * Registered first, so its onRoute hook sees every route.
 */
export default fp(
  (app, _options, done) => {
    let running = 0;
    let drained: (() => void)[] = [];
    const settle = () => {
      running -= 1;
      if (running > 0) return;
      const waiters = drained;
      drained = [];
      for (const wake of waiters) wake();
    };

    app.addHook('onRoute', (route) => {
      const handler = route.handler;
      // Only async handlers: their promise says when they are done. Callback-style ones (the
      // docs UI's static files) do no database work.
      if (handler.constructor.name !== 'AsyncFunction') return;
      route.handler = async function (
        this: ThisParameterType<RouteHandlerMethod>,
        request: FastifyRequest,
        reply: FastifyReply,
      ) {
        running += 1;
        try {
          return await handler.call(this, request, reply);
        } finally {
          settle();
        }
      };
    });

    app.addHook('onClose', async () => {
      if (running === 0) return;
      await Promise.race([
        new Promise<void>((resolve) => drained.push(resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, DRAIN_LIMIT_MS).unref()),
      ]);
    });
    done();
  },
  { name: 'in-flight' },
);
