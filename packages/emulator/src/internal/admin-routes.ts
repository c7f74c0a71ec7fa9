import type { FastifyInstance } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { knobKeys, type Knobs } from '../knobs/knobs.ts';
import { adminOnly } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';

/**
 * /_emulator/admin/knobs: read (GET), merge (POST, partial Knobs), reset (DELETE). No token needed:
 * the emulator is a local test tool; hosts mounting it can turn this off with `adminApi: false`.
 */
export function adminRoutes(app: FastifyInstance, context: EmulatorContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/admin/knobs',
    guard: adminOnly,
    handler: () => context.knobs.get(),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/admin/knobs',
    guard: adminOnly,
    body: {
      type: 'object',
      properties: {
        latencyMs: { type: 'number' },
        failureRate: { type: 'number' },
        failNext: { type: 'number' },
        failStatus: { type: 'number' },
        failCode: { type: 'string', maxLength: 100 },
        throttle: {
          type: ['object', 'null'],
          properties: { everyN: { type: 'number' }, retryAfterSeconds: { type: 'number' } },
        },
        areas: { type: 'array', maxItems: 10, items: { type: 'string', maxLength: 20 } },
      },
    },
    handler: (request) => {
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
    },
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/admin/knobs',
    guard: adminOnly,
    handler: () => context.knobs.reset(),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/admin/info',
    guard: adminOnly,
    handler: () => ({
      rows: context.config.rows,
      seed: context.config.seed,
      today: context.config.today,
      now: `${context.config.today}T${context.config.nowTime}:00`,
      tenantId: context.config.tenantId,
      sample: context.sample,
      generationMs: Math.round(context.generationMs),
    }),
  });
}
