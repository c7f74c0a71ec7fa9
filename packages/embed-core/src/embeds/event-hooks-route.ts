import type * as models from 'powerbi-models';
import type { Embed } from './embed.ts';

type Hook = models.EventHooks[keyof models.EventHooks];

/**
 * Answers the frame's event-hook requests (`POST /reports/<uid>/eventHooks/<name>`) with the host's
 * hooks: `preQuery` → `applicationContextProvider`, `newAccessToken` → `accessTokenProvider`.
 * The route is removed when the component is reset (the original never removed it).
 */
export function registerEventHooksRoute(
  component: Embed<object>,
  hooks: Record<string, () => Hook>,
): void {
  const url = `/reports/${component.config.uniqueId}/eventHooks/:eventName`;
  const remove = component.service.router.register('POST', url, async (req, res) => {
    const pick = hooks[req.params.eventName as string];
    if (!pick) return;
    const body = (req.body ?? {}) as Record<string, unknown>;
    body.report = component;
    req.body = body;
    await component.service.invokeSDKHook(pick(), req, res);
  });
  component.addDisposer(remove);
}
