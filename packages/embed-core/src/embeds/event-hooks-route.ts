import type * as models from 'powerbi-models';
import type { IRequest, RouterResponse } from '../transport/router.ts';
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
  let removed = false;
  const handler = async (req: IRequest, res: RouterResponse) => {
    const pick = hooks[req.params.eventName as string];
    if (removed || !pick) return;
    // Only this component's own frame may run its hooks (and receive its tokens).
    if (!component.service.isFromFrame(component.iframe?.contentWindow, req)) {
      res.send(404, null);
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    body.report = component;
    req.body = body;
    await component.service.invokeSDKHook(pick(), req, res);
  };
  const router = component.service.router;
  // A powerbi-router-style router (get/post/put/patch/delete only) cannot remove a route: the
  // handler then stays registered but answers nothing once the component is reset.
  const remove =
    typeof router.register === 'function'
      ? router.register('POST', url, handler)
      : (router.post(url, handler), () => undefined);
  component.addDisposer(() => {
    removed = true;
    remove();
  });
}
