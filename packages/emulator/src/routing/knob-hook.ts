import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import type { KnobArea } from '../knobs/knobs.ts';

/**
 * An onRequest hook applying the knobs of one area: waits the injected latency, then either lets the
 * request through or fails it (429 with Retry-After, or the configured status). The thrown error is
 * rendered by the area's own error handler, so injected failures look like real ones.
 */
export const applyKnobs =
  (context: EmulatorContext, area: KnobArea) =>
  async (_request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const decision = await context.knobs.apply(area);
    if (decision.kind === 'pass') return;
    if (decision.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(decision.retryAfterSeconds));
    throw decision.error;
  };
