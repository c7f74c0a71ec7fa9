import fp from 'fastify-plugin';
import { ERRORS } from '../../errors.ts';

/** How soon a client may try again: another instance (or this one restarted) answers by then. */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 2;

/** How often a draining server closes the connections that have become idle. */
const IDLE_SWEEP_MS = 100;

/**
 * During a graceful shutdown (SIGTERM: server.ts closes the app), requests that still arrive on
 * open connections answer `503 SHUTTING_DOWN` in our `{ error, code }` shape with Retry-After, so
 * clients and load balancers know to retry elsewhere; requests already running finish normally.
 * Fastify's own 503 on closing has neither, and answers before any hook of ours can run, so the
 * server is built with `return503OnClosing: false` (server.ts, the test helper) and this hook
 * answers instead. Fastify marks such answers `Connection: close` itself.
 */
export default fp(
  (app, _options, done) => {
    let closing = false;
    let sweep: NodeJS.Timeout | undefined;
    // preClose runs as soon as close() starts, before the listener and the connections close.
    app.addHook('preClose', (hookDone) => {
      closing = true;
      // close() waits for every connection to end, and Fastify closes only the connections idle
      // at that moment. A keep-alive connection whose response ends later (a request still
      // running, an event stream the chat hub ends) would stay open until its keep-alive timeout
      // (72 s) and outlast the 10 s drain: close those as soon as they are idle.
      sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      sweep.unref();
      hookDone();
    });
    app.addHook('onClose', (_instance, hookDone) => {
      clearInterval(sweep);
      hookDone();
    });
    // Answers finished while draining close their connection, so a proxy does not send the next
    // request down it (HTTP/2 has no Connection header: a closing session ends its streams).
    app.addHook('onSend', (request, reply, payload, hookDone) => {
      if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
      hookDone(null, payload);
    });

    // Sent as text: the route's own response schemas (e.g. /api/health's 503) describe its
    // answers, not this one, and would fail to serialize it.
    const body = JSON.stringify({ error: ERRORS.SHUTTING_DOWN.message, code: 'SHUTTING_DOWN' });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      return reply
        .code(ERRORS.SHUTTING_DOWN.status)
        .header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS))
        .type('application/json; charset=utf-8')
        .send(body);
    });
    done();
  },
  { name: 'shutdown' },
);
