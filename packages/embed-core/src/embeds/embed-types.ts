/**
 * The configuration and header types of embedded components (re-exported by `embed.ts` and the
 * public entry), and the small internal types the `Embed` base works with.
 */
import type * as models from 'powerbi-models';
import type { ICustomEvent, IEvent } from '../events.ts';

export type IBootstrapEmbedConfiguration = models.IBootstrapEmbedConfiguration;
export type IEmbedConfigurationBase = models.IEmbedConfigurationBase;
export type IEmbedConfiguration = models.IEmbedConfiguration;
export type IVisualEmbedConfiguration = models.IVisualEmbedConfiguration;
export type IReportEmbedConfiguration = models.IReportEmbedConfiguration;
export type IDashboardEmbedConfiguration = models.IDashboardEmbedConfiguration;
export type ITileEmbedConfiguration = models.ITileEmbedConfiguration;
export type IQnaEmbedConfiguration = models.IQnaEmbedConfiguration;
export type IQuickCreateConfiguration = models.IQuickCreateConfiguration;
export type IReportCreateConfiguration = models.IReportCreateConfiguration;
export type ILocaleSettings = models.ILocaleSettings;
export type IQnaSettings = models.IQnaSettings;
export type IEmbedSettings = models.ISettings;

export interface IInternalEventHandler<T> {
  test: (event: IEvent<T>) => boolean;
  handle: (event: ICustomEvent<T>) => void;
}

/** Headers sent with load, prepare and create requests. */
export interface ISessionHeaders {
  uid: string;
  sdkSessionId: string;
  tokenProviderSupplied?: boolean;
  bootstrapped?: boolean;
  sdkVersion?: string;
}

/** The request methods the frame API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything an embed needs to undo on reset: routes, timers, listeners. */
export type Disposer = () => void;
