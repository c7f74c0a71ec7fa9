/** The `service` namespace of the public API. */
export { Service } from './service.ts';
export type {
  IComponentEmbedConfiguration,
  EmbedComponentFactory,
  IPowerBiElement,
  IService,
  IHpmFactory,
  IWpmpFactory,
  IRouterFactory,
  ICustomEvent,
  IEvent,
  IEventHandler,
} from './service.ts';
export type { IDebugOptions, IServiceConfiguration } from './service-config.ts';
