import type { Embed } from './embeds/embed.ts';

/**
 * Where an embedded component is in its life:
 * - `idle`: no load under way (bootstrapped without a token, or reset);
 * - `loading`: a load, prepare or create was started and the frame has not said `loaded` yet;
 * - `loaded` / `rendered`: the frame sent that event;
 * - `error`: the frame sent `error`, or the load request was refused.
 */
export type EmbedStatus = 'idle' | 'loading' | 'loaded' | 'rendered' | 'error';

/** One immutable snapshot; a new object only when something changed (safe for `useSyncExternalStore`). */
export interface EmbedStatusSnapshot {
  readonly status: EmbedStatus;
  /** The `error` event's payload or the load rejection, while `status` is `error`; otherwise `undefined`. */
  readonly error: unknown;
}

/** A framework-free store over one component's status: `subscribe` + `getSnapshot`. */
export interface EmbedStatusStore {
  /** Calls `listener` after every status change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  getSnapshot(): EmbedStatusSnapshot;
}

/** The snapshot of a component that is not loading (also the server snapshot of adapters). */
export const IDLE_STATUS: EmbedStatusSnapshot = Object.freeze({ status: 'idle', error: undefined });

const STATUS_EVENTS = ['loaded', 'rendered', 'error'] as const;

const stores = new WeakMap<Embed<object>, EmbedStatusStore>();

/**
 * The status store of `embed`, created on first call (later calls return the same store).
 * Create it right after `service.embed(...)` returns: events sent before that are not seen.
 *
 * It listens on the container element directly rather than through `embed.on`, so an app calling
 * `embed.off('loaded')` (which removes every handler of that event) cannot silence it. Everything
 * it adds is removed when the component is reset.
 */
export function trackEmbedStatus(embed: Embed<object>): EmbedStatusStore {
  const existing = stores.get(embed);
  if (existing) return existing;

  const listeners = new Set<() => void>();
  let snapshot: EmbedStatusSnapshot = hasToken(embed)
    ? { status: 'loading', error: undefined }
    : IDLE_STATUS;

  const set = (status: EmbedStatus, error?: unknown) => {
    if (snapshot.status === status && snapshot.error === error) return;
    snapshot = status === 'idle' ? IDLE_STATUS : { status, error };
    for (const listener of [...listeners]) listener();
  };

  const element = embed.element;
  const onEvent = (event: Event) => {
    // Events bubble: only this container's own events count.
    if (event.target !== element) return;
    if (event.type === 'error') set('error', (event as CustomEvent<unknown>).detail);
    else set(event.type as EmbedStatus);
  };
  for (const name of STATUS_EVENTS) element.addEventListener(name, onEvent);

  // Load starts have no event: every path (first load on frame load, re-embed on the same element,
  // reload) goes through the instance's `load`, so the store wraps it on this instance only.
  const ownLoad = Object.getOwnPropertyDescriptor(embed, 'load');
  const originalLoad = embed.load.bind(embed);
  embed.load = (phasedRender?: boolean) => {
    const previousRequest = embed.lastLoadRequest;
    const loading = originalLoad(phasedRender).catch((reason: unknown) => {
      set('error', reason);
      throw reason;
    });
    // `load` stamps `lastLoadRequest` before its first await, and only when it really sends. A load
    // deferred until the frame is ready is under way too; a throttled one (a load was sent < 100 ms
    // ago) or one without a token leaves the status alone.
    const sent = embed.lastLoadRequest !== previousRequest;
    if (sent || (hasToken(embed) && !embed.iframeLoaded)) set('loading');
    return loading;
  };

  const store: EmbedStatusStore = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
  };
  stores.set(embed, store);

  embed.addDisposer(() => {
    for (const name of STATUS_EVENTS) element.removeEventListener(name, onEvent);
    if (ownLoad) Object.defineProperty(embed, 'load', ownLoad);
    else delete (embed as Partial<Embed<object>>).load;
    stores.delete(embed);
    set('idle');
    listeners.clear();
  });
  return store;
}

function hasToken(embed: Embed<object>): boolean {
  return !!embed.config.accessToken && !embed.bootstrapConfig;
}
