'use client';
import type { AnyEmbedConfiguration, Embed, service } from '@canopy/embed-core';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { EmbedController, type EmbedInput } from './embed-controller.ts';
import { getDefaultService, useProvidedService } from './embed-service-context.tsx';
import { EmbedSlot, type EmbedState } from './embed-slot.ts';
import type { EventHandlers } from './event-bindings.ts';

export interface UseEmbedOptions<E extends Embed<object> = Embed<object>> {
  /** Handlers by event name (`Map` or object). Inline arrows are fine: the latest one is called. */
  eventHandlers?: EventHandlers;
  /** Prepare reports with `service.load`; show them with `report.render()`. */
  phasedEmbedding?: boolean;
  /** This component's Service; default: the `EmbedServiceProvider`'s, else the page's default. */
  service?: service.Service;
  /** Called with the component each time one is embedded (mount, re-embed). */
  getEmbeddedComponent?: (embed: E) => void;
}

export interface UseEmbedResult<E extends Embed<object> = Embed<object>> extends EmbedState<E> {
  /** Put it on the container element: `<div ref={ref} />`. */
  ref: (element: HTMLElement | null) => void;
}

/**
 * Embeds `config` into the element given to `ref` and keeps it in step with later renders:
 * token, settings, filters and page changes are applied to the live component, identity changes
 * (type, id, embed URL) embed a new one, unmount resets the element. Returns the component and its
 * status (`idle`, `loading`, `loaded`, `rendered`, `error`), read from the core.
 */
export function useEmbed<E extends Embed<object> = Embed<object>>(
  config: AnyEmbedConfiguration,
  options: UseEmbedOptions<E> = {},
): UseEmbedResult<E> {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [slot] = useState(() => new EmbedSlot());
  const providedService = useProvidedService();
  const serviceProp = options.service;

  // The latest props, for the controller and the stable listeners it installs. Written in an effect
  // declared before the others, so they all see this render's values.
  const latest = useRef<EmbedInput>({ config });
  const controller = useRef<EmbedController | undefined>(undefined);
  useEffect(() => {
    latest.current = {
      config,
      eventHandlers: options.eventHandlers,
      phasedEmbedding: options.phasedEmbedding,
      getEmbeddedComponent: options.getEmbeddedComponent as EmbedInput['getEmbeddedComponent'],
    };
  });

  useEffect(() => {
    if (!element) return undefined;
    // Resolved here, not during render: creating the default Service belongs to the client.
    const service = serviceProp ?? providedService ?? getDefaultService();
    const current = new EmbedController(service, element, slot, () => latest.current);
    controller.current = current;
    current.mount();
    return () => {
      current.unmount();
      if (controller.current === current) controller.current = undefined;
    };
  }, [element, serviceProp, providedService, slot]);

  useEffect(() => {
    controller.current?.update();
  });

  const state = useSyncExternalStore(slot.subscribe, slot.getSnapshot, slot.getServerSnapshot);
  return { ...(state as EmbedState<E>), ref: setElement };
}
