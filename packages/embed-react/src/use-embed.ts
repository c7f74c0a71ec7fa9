'use client';
import {
  createEmbedController,
  type AnyEmbedConfiguration,
  type Embed,
  type EmbedControllerSnapshot,
  type EmbedEventHandlers,
  type service,
} from '@canopy/embed-core';
import { useEffect, useState, useSyncExternalStore } from 'react';
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

  // Declared before the mount effect: a (re)mount in the same commit embeds this render's input.
  useEffect(() => {
    controller.update(input);
  });

  useEffect(() => {
    if (!element) return undefined;
    // Resolved here, not during render: creating the default Service belongs to the client.
    controller.mount(serviceProp ?? providedService ?? getDefaultService(), element);
    return () => controller.unmount();
  }, [controller, element, serviceProp, providedService]);

  // The snapshot is idle until mount, which never happens on the server: it is the server snapshot too.
  const state = useSyncExternalStore(
    controller.subscribe,
    controller.getSnapshot,
    controller.getSnapshot,
  );
  return { ...state, ref: setElement };
}
