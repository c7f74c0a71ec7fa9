import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { knobKeys, type Knobs } from '../knobs/knobs.ts';

/**
 * /_emulator/admin/knobs: read (GET), merge (POST, partial Knobs), reset (DELETE). No token needed:
 * the emulator is a local test tool; hosts mounting it can turn this off with `adminApi: false`.
 */
export function adminRoutes(app: FastifyInstance, context: EmulatorContext): void {
  app.get('/admin/knobs', () => context.knobs.get());
  app.post('/admin/knobs', (request) => {
    const body: unknown = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw badRequest('The body must be a JSON object', 'body');
    const unknown = Object.keys(body).filter((key) => !knobKeys.includes(key as keyof Knobs));
    if (unknown.length > 0)
      throw badRequest(
        `Unknown knob(s): ${unknown.join(', ')}; known: ${knobKeys.join(', ')}`,
        unknown[0],
      );
    return context.knobs.set(body);
  });
  app.delete('/admin/knobs', () => context.knobs.reset());
  app.get('/admin/info', () => ({
    rows: context.config.rows,
    seed: context.config.seed,
    today: context.config.today,
    now: `${context.config.today}T${context.config.nowTime}:00`,
    tenantId: context.config.tenantId,
    sample: context.sample,
    generationMs: Math.round(context.generationMs),
  }));
}
