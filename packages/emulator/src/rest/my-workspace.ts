import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';
import { anyAppToken } from '../policy/route-guard.ts';
import { defineRoute } from '../routing/define-route.ts';
import { restScope } from './scope.ts';
import { odataContext } from './urls.ts';

/**
 * The "My workspace" lists (`/v1.0/myorg/reports`, `/datasets`, `/dashboards`). The emulator's callers
 * are service principals, and a service principal has no My workspace of its own, so these lists are
 * empty for it. Content lives in shared workspaces (`/groups/{groupId}/…`).
 */
export function myWorkspaceRoutes(
  app: FastifyInstance,
  context: EmulatorContext,
  prefix: string,
): void {
  for (const kind of ['reports', 'datasets', 'dashboards']) {
    defineRoute(app, {
      method: 'GET',
      url: `/${kind}`,
      guard: anyAppToken(),
      handler: (request: FastifyRequest) => {
        const scope = restScope(context, request, prefix);
        return { '@odata.context': odataContext(scope.base, kind), value: [] };
      },
    });
  }

  // Available Features: what the tenant offers this caller. The emulator has no capacity limits to
  // report, so embedding on trial is enabled and nothing has been used.
  defineRoute(app, {
    method: 'GET',
    url: '/availableFeatures',
    guard: anyAppToken(),
    handler: (request: FastifyRequest) => {
      const scope = restScope(context, request, prefix);
      return {
        '@odata.context': odataContext(scope.base, 'availableFeatures'),
        features: [
          {
            name: 'embedTrial',
            state: 'Enabled',
            extendedState: 'Enabled',
            additionalInfo: { Usage: 0 },
          },
        ],
      };
    },
  });
}
