'use client';
import {
  createEmbedController,
  type AnyEmbedConfiguration,
  type Embed,
  type EmbedControllerSnapshot,
  type EmbedEventHandlers,
  type service,
} from '@canopy/embed-core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { showEmbedError } from './embed-error-notice.ts';
import { getDefaultService, useProvidedService } from './embed-service-context.tsx';
import { SDK_TYPE, SDK_WRAPPER_VERSION } from './sdk-info.ts';

export interface UseEmbedOptions<E extends Embed<object> = Embed<object>> {
  /** Handlers by event name (`Map` or object). Inline arrows are fine: the latest one is called. */
  eventHandlers?: EmbedEventHandlers;
  /** Prepare reports with `service.load`; show them with `report.render()`. */
  phasedEmbedding?: boolean;
  /** This component's Service; default: the `EmbedServiceProvider`'s, else the page's default. */
  service?: service.Service;
  /** Called with the component each time one is embedded (mount, re-embed). */
  getEmbeddedComponent?: (embed: E) => void;
  /**
   * Wait this long after the element appears before embedding (default 0: at once). A page that
   * flashes past (a redirect, a quick back-navigation) then never starts a frame.
   */
  embedDelayMs?: number;
  /**
   * Wait this long after the element goes before resetting it (default 0: at once). An element that
   * comes back within the delay (StrictMode's second mount, a keyed move) keeps its live component
   * instead of loading the report again.
   */
  cleanupDelayMs?: number;
}

export interface UseEmbedResult<
  E extends Embed<object> = Embed<object>,
> extends EmbedControllerSnapshot<E> {
  /** Put it on the container element: `<div ref={ref} />`. */
  ref: (element: HTMLElement | null) => void;
}

/**
 * Embeds `config` into the element given to `ref` and keeps it in step with later renders:
 * token, settings, filters and page changes are applied to the live component, identity changes
 * (type, id, embed URL) embed a new one, unmount resets the element. Returns the component and its
 * status (`idle`, `loading`, `loaded`, `rendered`, `error`), read from the core.
 *
 * Only lifecycle mapping lives here; every decision is embed-core's `createEmbedController`.
 */
export function useEmbed<E extends Embed<object> = Embed<object>>(
  config: AnyEmbedConfiguration,
  options: UseEmbedOptions<E> = {},
): UseEmbedResult<E> {
  const input = {
    config,
    eventHandlers: options.eventHandlers,
    phasedEmbedding: options.phasedEmbedding,
    onEmbedded: options.getEmbeddedComponent,
  };
  const [controller] = useState(() =>
    createEmbedController<E>(input, {
      sdkInfo: { type: SDK_TYPE, version: SDK_WRAPPER_VERSION },
    }),
  );
  const [element, setElement] = useState<HTMLElement | null>(null);
  const providedService = useProvidedService();
  const serviceProp = options.service;

  // A configuration the core refused at once (untrusted embed URL origin, no type…) is kept, like
  // the controller's own state, in a store outside React, and shown in the container: thrown from
  // an effect, it would unmount the whole page.
  const [refusal] = useState(createRefusalStore);
  const attempt = (run: () => void) => {
    try {
      run();
      if (controller.getSnapshot().embed) refusal.set(undefined);
    } catch (error) {
      refusal.set({ error });
    }
  };

  // Declared before the mount effect: a (re)mount in the same commit embeds this render's input.
  useEffect(() => {
    attempt(() => controller.update(input));
  });

  // What the controller is mounted on, and the reset waiting out `cleanupDelayMs`.
  const mounted = useRef<{ service: service.Service; element: HTMLElement } | undefined>(undefined);
  const pendingCleanup = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const embedDelayMs = options.embedDelayMs ?? 0;
  const cleanupDelayMs = options.cleanupDelayMs ?? 0;

  useEffect(() => {
    if (!element) return undefined;
    // Resolved here, not during render: creating the default Service belongs to the client.
    const target = serviceProp ?? providedService ?? getDefaultService();
    const unmount = () => {
      pendingCleanup.current = undefined;
      mounted.current = undefined;
      controller.unmount();
    };
    if (pendingCleanup.current !== undefined) {
      clearTimeout(pendingCleanup.current);
      pendingCleanup.current = undefined;
      // Back on the same element and Service within the delay: the live component stays.
      const current = mounted.current;
      if (current && (current.element !== element || current.service !== target)) unmount();
    }
    let startTimer: ReturnType<typeof setTimeout> | undefined;
    if (!mounted.current) {
      const start = () => {
        startTimer = undefined;
        mounted.current = { service: target, element };
        attempt(() => controller.mount(target, element));
      };
      if (embedDelayMs > 0) startTimer = setTimeout(start, embedDelayMs);
      else start();
    }
    return () => {
      if (startTimer !== undefined) clearTimeout(startTimer);
      if (cleanupDelayMs > 0) pendingCleanup.current = setTimeout(unmount, cleanupDelayMs);
      else unmount();
    };
    // The delays are read when the element appears; changing them later does not re-embed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, element, serviceProp, providedService]);

  // The snapshot is idle until mount, which never happens on the server: it is the server snapshot too.
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );

  const refused = useSyncExternalStore(refusal.subscribe, refusal.get, refusal.get);
  const refusedError = refused && !state.embed ? refused : undefined;
  useEffect(() => {
    if (!element || !refusedError) return undefined;
    return showEmbedError(element, refusedError.error);
  }, [element, refusedError]);

  if (refusedError)
    return { embed: undefined, status: 'error', error: refusedError.error, ref: setElement };
  return { ...state, ref: setElement };
}

interface RefusalStore {
  get: () => { error: unknown } | undefined;
  set: (value: { error: unknown } | undefined) => void;
  subscribe: (listener: () => void) => () => void;
}

function createRefusalStore(): RefusalStore {
  let value: { error: unknown } | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set: (next) => {
      if (next === value) return;
      value = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
