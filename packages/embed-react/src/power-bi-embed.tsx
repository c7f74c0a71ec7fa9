'use client';
import type {
  AnyEmbedConfiguration,
  Embed,
  EmbedEventHandler as EventHandler,
  service,
} from '@canopy/embed-core';
import { useEmbed } from './use-embed.ts';

/** The props of powerbi-client-react 2.0.x's `PowerBIEmbed`, same names and meaning. */
export interface EmbedProps {
  /**
   * What to embed: report, dashboard, tile, Q&A, visual, paginated report or report creation.
   * Later changes are applied without a reload where the core allows it.
   */
  embedConfig: AnyEmbedConfiguration;
  /** Called with the component each time one is embedded (mount and each re-embed). */
  getEmbeddedComponent?: (embeddedComponent: Embed<object>) => void;
  /** Handlers by event name; `null` unsubscribes, and so does removing the entry. */
  eventHandlers?: Map<string, EventHandler>;
  /** `className` of the container `<div>`. */
  cssClassName?: string;
  /** Prepare reports with `service.load`; call `report.render()` to show them. */
  phasedEmbedding?: boolean;
  /** The Service to embed with; default: the `EmbedServiceProvider`'s, else the page's default. */
  service?: service.Service;
  /** Canopy addition: milliseconds to wait after mount before embedding (default 0). */
  embedDelayMs?: number;
  /** Canopy addition: milliseconds to wait after unmount before resetting (default 0). */
  cleanupDelayMs?: number;
}

/**
 * Drop-in replacement for powerbi-client-react's `PowerBIEmbed`: renders one `<div>` and embeds
 * `embedConfig` into it. Unlike 2.0.x it applies token, settings, filters and page changes to the
 * live component instead of reloading it, and calls the latest inline handler without resubscribing.
 */
export function PowerBIEmbed(props: EmbedProps) {
  const { ref } = useEmbed(props.embedConfig, {
    eventHandlers: props.eventHandlers,
    phasedEmbedding: props.phasedEmbedding,
    service: props.service,
    getEmbeddedComponent: props.getEmbeddedComponent,
    embedDelayMs: props.embedDelayMs,
    cleanupDelayMs: props.cleanupDelayMs,
  });
  return <div ref={ref} className={props.cssClassName} />;
}
