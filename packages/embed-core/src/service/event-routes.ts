import type { IEvent } from '../events.ts';
import type { Router } from '../transport/router.ts';

/**
 * Routes on which frames post events, with the embed type they stand for. Wire-visible: append-only.
 * (Tile events arrive on the singular `/tile/...`, as the service sends them.)
 */
const EVENT_ROUTES: ReadonlyArray<{ url: string; type: string; name?: string }> = [
  { url: '/reports/:uniqueId/events/:eventName', type: 'report' },
  { url: '/reports/:uniqueId/pages/:pageName/events/:eventName', type: 'report' },
  {
    url: '/reports/:uniqueId/pages/:pageName/visuals/:visualName/events/:eventName',
    type: 'report',
  },
  { url: '/dashboards/:uniqueId/events/:eventName', type: 'dashboard' },
  { url: '/tile/:uniqueId/events/:eventName', type: 'tile' },
  { url: '/qna/:uniqueId/events/:eventName', type: 'qna' },
  { url: '/ready/:uniqueId', type: 'report', name: 'ready' },
];

/** Registers the event routes; returns their disposers. */
export function registerEventRoutes(
  router: Router,
  handleEvent: (event: IEvent<unknown>, request: object) => void,
): Array<() => void> {
  return EVENT_ROUTES.map(({ url, type, name }) => {
    const handler = (req: { params: Record<string, string>; body?: unknown }) => {
      handleEvent(
        {
          type,
          id: req.params.uniqueId as string,
          name: name ?? (req.params.eventName as string),
          value: req.body,
        },
        req,
      );
    };
    // Routers built by foreign factories (powerbi-router) have no `register`; fall back to `post`.
    if (typeof router.register === 'function') return router.register('POST', url, handler);
    router.post(url, handler);
    return () => undefined;
  });
}
