/**
 * @canopy/embed-react — React components and hooks over @canopy/embed-core, props-compatible with
 * powerbi-client-react 2.0.x. The adapter maps React's lifecycle onto the core and decides nothing
 * else: embedding choices, validation and every frame call belong to embed-core.
 */

// powerbi-client-react compatible API
export { PowerBIEmbed } from './power-bi-embed.tsx';
export type { EmbedProps } from './power-bi-embed.tsx';
export { EmbedType } from './embed-type.ts';
export type {
  EmbedEventHandler as EventHandler,
  EmbedEventHandlers as EventHandlers,
} from '@canopy/embed-core';

// Hooks
export { useEmbed } from './use-embed.ts';
export type { UseEmbedOptions, UseEmbedResult } from './use-embed.ts';
export { useReport, useDashboard, useTile, useVisual, useQna } from './typed-embed-hooks.ts';
export type { EmbedControllerSnapshot as EmbedState } from '@canopy/embed-core';

// Service sharing
export { EmbedServiceProvider, useEmbedService } from './embed-service-context.tsx';
export type { EmbedServiceProviderProps } from './embed-service-context.tsx';

// Wrapper identification sent in x-sdk-type / x-sdk-wrapper-version
export { SDK_TYPE, SDK_WRAPPER_VERSION } from './sdk-info.ts';
