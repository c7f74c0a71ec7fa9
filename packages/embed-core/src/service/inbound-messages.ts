/**
 * Which `message` event delivered a given message object. Routers (ours, or powerbi-router behind a
 * caller's factory) hand route handlers the message, never the event; frame binding needs the
 * event's `source` and `origin`. A capture-phase listener on the window sees each event before any
 * proxy handles it (capture listeners run first at the target), and remembers it by its `data`
 * object — the very object the router passes on — for as long as that object lives.
 */
export interface InboundMessages {
  eventOf(message: object): MessageEvent | undefined;
  dispose(): void;
}

export function trackInboundMessages(): InboundMessages {
  const win = (globalThis as { window?: Window }).window;
  const events = new WeakMap<object, MessageEvent>();
  if (!win) return { eventOf: () => undefined, dispose: () => undefined };
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null) events.set(data, event);
  };
  win.addEventListener('message', listener, true);
  return {
    eventOf: (message) => events.get(message),
    dispose: () => win.removeEventListener('message', listener, true),
  };
}
