import type {
  Embed,
  IDashboardEmbedConfiguration,
  IEmbedConfiguration,
  IQnaEmbedConfiguration,
  IReportEmbedConfiguration,
  ITileEmbedConfiguration,
  IVisualEmbedConfiguration,
} from './embeds/embed.ts';
import type { IPowerBiElement, Service } from './service/service.ts';
import type * as models from 'powerbi-models';
import { assertConfigObject } from './service/argument-checks.ts';

/** Whether the configuration can be embedded (not just bootstrapped): it has a token and a URL. */
export function isEmbeddable(config: AnyEmbedConfiguration): boolean {
  return !!config.accessToken && !!config.embedUrl;
}

export interface EmbedFromConfigOptions {
  /** Prepare reports with `service.load` (phased embedding); call `report.render()` to show them. */
  phasedEmbedding?: boolean;
}

/** Any configuration a framework wrapper may be handed, including report creation. */
export type AnyEmbedConfiguration =
  | IEmbedConfiguration
  | IReportEmbedConfiguration
  | IDashboardEmbedConfiguration
  | ITileEmbedConfiguration
  | IQnaEmbedConfiguration
  | IVisualEmbedConfiguration
  | models.IPaginatedReportLoadConfiguration
  | models.IReportCreateConfiguration;

/**
 * Embeds `config` into `element` the way framework wrappers (powerbi-client-react 2.0.x and ours)
 * do, so that no wrapper has to make the choice itself:
 * - without an access token or embed URL: `bootstrap` (the frame starts loading early; throws when
 *   the config has no `type`), or nothing when the element already holds a component;
 * - phased embedding of a report: `load` (other types log an error and embed normally);
 * - `type: 'create'`: `createReport`;
 * - otherwise `embed` (on an element that already holds a component of the same type this reuses
 *   its frame and sends a new load).
 *
 * Returns the component now held by `element`. Core errors are thrown unchanged.
 */
export function embedFromConfig(
  service: Service,
  element: HTMLElement,
  config: AnyEmbedConfiguration,
  options: EmbedFromConfigOptions = {},
): Embed<object> | undefined {
  assertConfigObject(config, 'embedFromConfig');
  const type = (config as { type?: string }).type;
  if (!isEmbeddable(config)) {
    const existing = (element as Partial<IPowerBiElement>).powerBiEmbed;
    if (existing) return existing;
    return service.bootstrap(element, config);
  }
  if (options.phasedEmbedding && type === 'report') {
    return service.load(element, config);
  }
  if (options.phasedEmbedding) {
    console.error(`Phased embedding is not supported for type ${type}`);
  }
  if (type === 'create') {
    return service.createReport(element, config as models.IReportCreateConfiguration);
  }
  return service.embed(element, config);
}
