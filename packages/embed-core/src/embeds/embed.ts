import * as models from 'powerbi-models';
import { messages } from '../errors.ts';
import type { IEventHandler } from '../events.ts';
import { exitFullscreen, requestFullscreen } from '../internal/fullscreen.ts';
import { autoAuthInEmbedUrl, findParamInUrl } from '../internal/url.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import type { IEmbedService } from './embed-service.ts';
import { SDK_VERSION } from '../version.ts';
import {
  addLocaleToEmbedUrl,
  readExtensions,
  resolveAccessToken,
  resolveEmbedUrl,
  resolveUniqueId,
  validateEventHooks,
} from './embed-config.ts';
import {
  createEmbedIframe,
  createListener,
  frontLoadListener,
  loadListener,
} from './embed-iframe.ts';
import type {
  Disposer,
  HttpMethod,
  IBootstrapEmbedConfiguration,
  IEmbedConfigurationBase,
  IInternalEventHandler,
  ISessionHeaders,
} from './embed-types.ts';
import { sendFrameRequest } from './frame-request.ts';

export type {
  IBootstrapEmbedConfiguration,
  IEmbedConfigurationBase,
  IEmbedConfiguration,
  IVisualEmbedConfiguration,
  IReportEmbedConfiguration,
  IDashboardEmbedConfiguration,
  ITileEmbedConfiguration,
  IQnaEmbedConfiguration,
  IQuickCreateConfiguration,
  IReportCreateConfiguration,
  ILocaleSettings,
  IQnaSettings,
  IEmbedSettings,
  IInternalEventHandler,
  ISessionHeaders,
  Disposer,
} from './embed-types.ts';
import { quietDisposalOf } from './quiet-disposal.ts';

/** Minimum time between two load requests of one component (the original's throttle). */
const LOAD_THROTTLE_MS = 100;

/**
 * Base of every embedded component: owns one container element and one `<iframe>`, builds the
 * configuration, sends API requests to the frame and re-dispatches frame events on the container.
 *
 * `TEvents` maps event names to payload types so `on('pageChanged', e => e.detail.newPage)` is typed.
 */
// The default is `object` (untyped events) so that a plain `Embed` annotation — what
// powerbi-client code writes for `service.get()`/`embed()` results — accepts every component type.
export abstract class Embed<TEvents extends object = object> {
  static allowedEvents = [
    'loaded',
    'saved',
    'rendered',
    'saveAsTriggered',
    'error',
    'dataSelected',
    'buttonClicked',
    'info',
  ];
  static accessTokenAttribute = 'powerbi-access-token';
  static embedUrlAttribute = 'powerbi-embed-url';
  static nameAttribute = 'powerbi-name';
  static typeAttribute = 'powerbi-type';
  static defaultEmbedHostName = 'https://app.powerbi.com';
  static type: string;
  static maxFrontLoadTimes = 2;

  // Fields assigned while the base constructor runs (populateConfig → configChanged) are `declare`d:
  // a plain field declaration would re-initialise them to undefined after super() returns.
  declare allowedEvents: string[];
  declare protected commands: models.ICommandExtension[];
  declare protected initialLayoutType: models.LayoutType;
  declare groups: models.IMenuGroupExtension[];
  declare eventHandlers: IInternalEventHandler<unknown>[];
  declare eventHooks: models.EventHooks;
  declare service: IEmbedService;
  declare element: HTMLElement;
  declare iframe: HTMLIFrameElement;
  declare iframeLoaded: boolean;
  declare config: IEmbedConfigurationBase;
  declare bootstrapConfig: IBootstrapEmbedConfiguration | undefined;
  declare loadPath: string;
  declare phasedLoadPath: string;
  declare embedtype: string;
  declare frontLoadHandler: (() => unknown) | undefined;
  declare lastLoadRequest: Date | undefined;
  /** Cleanup registered by this component (routes, token refresh, listeners); run by `reset`. */
  declare private disposers: Disposer[];
  declare private iframeLoadListener: (() => void) | undefined;

  constructor(
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    iframe?: HTMLIFrameElement,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ) {
    if (autoAuthInEmbedUrl(config.embedUrl)) throw new Error(messages.embedUrlNotSupported);
    this.allowedEvents = [...Embed.allowedEvents];
    this.eventHandlers = [];
    this.disposers = [];
    this.service = service;
    this.element = element;
    if (iframe) this.iframe = iframe;
    this.iframeLoaded = false;
    this.embedtype = (config.type ?? '').toLowerCase();
    this.commands = [];
    this.groups = [];
    this.populateConfig(config, !!isBootstrap);
    if (this.embedtype === 'create' || this.embedtype === 'quickcreate') {
      this.setIframe(false);
    } else {
      this.setIframe(true, phasedRender, isBootstrap);
    }
  }

  // ---------------------------------------------------------------- requests

  /**
   * Sends one request to this component's frame. Every API method goes through here, so the
   * rejection shape is decided once (see {@link sendFrameRequest}).
   */
  protected sendRequest<T>(
    method: HttpMethod,
    url: string,
    body?: unknown,
    headers: Record<string, unknown> = {},
    targetWindow: Window | null | undefined = this.iframe?.contentWindow,
  ): Promise<IHttpPostMessageResponse<T>> {
    return sendFrameRequest<T>(this.service, method, url, body, headers, targetWindow);
  }

  /** A request carrying this component's `uid` header. */
  protected request<T>(method: HttpMethod, url: string, body?: unknown) {
    return this.sendRequest<T>(method, url, body, { uid: this.config.uniqueId });
  }

  // ---------------------------------------------------------------- API

  /** Creates a report (Create/QuickCreate only). */
  create(): Promise<void> {
    throw new Error(messages.noCreateSupport);
  }

  async save(): Promise<void> {
    return (await this.request<void>('POST', '/report/save', null)).body;
  }

  async saveAs(saveAsParameters: models.ISaveAsParameters): Promise<void> {
    return (await this.request<void>('POST', '/report/saveAs', saveAsParameters)).body;
  }

  async getCorrelationId(): Promise<string> {
    return (await this.request<string>('GET', '/getCorrelationId')).body;
  }

  /**
   * Sends the load (or, phased, the prepare) request. Skipped without a token or before the frame
   * loaded, and when the previous load of this component was less than 100 ms ago.
   */
  async load(phasedRender?: boolean): Promise<void> {
    if (!this.config.accessToken) {
      console.debug(messages.debugNotEmbedded);
      return undefined;
    }
    if (!this.iframeLoaded) {
      console.debug(messages.debugIframeNotReady);
      return undefined;
    }
    const path =
      phasedRender && this.config.type === 'report' ? this.phasedLoadPath : this.loadPath;
    const headers: ISessionHeaders = {
      uid: this.config.uniqueId as string,
      sdkSessionId: this.service.getSdkSessionId(),
      bootstrapped: this.config.bootstrapped,
      sdkVersion: SDK_VERSION,
    };
    if (this.eventHooks?.accessTokenProvider) headers.tokenProviderSupplied = true;
    const now = new Date();
    if (this.lastLoadRequest && now.getTime() - this.lastLoadRequest.getTime() < LOAD_THROTTLE_MS) {
      console.debug(messages.debugThrottled);
      return undefined;
    }
    this.lastLoadRequest = now;
    return (
      await this.sendRequest<void>(
        'POST',
        path,
        this.config,
        headers as unknown as Record<string, unknown>,
      )
    ).body;
  }

  on<K extends keyof TEvents & string>(eventName: K, handler: IEventHandler<TEvents[K]>): void;
  on<T>(eventName: string, handler: IEventHandler<T>): void;
  on(eventName: string, handler: IEventHandler<unknown>): void {
    if (!this.allowedEvents.includes(eventName)) {
      throw new Error(
        `eventName must be one of ${this.allowedEvents.join(',')}. You passed: ${eventName}`,
      );
    }
    this.eventHandlers.push({ test: (event) => event.name === eventName, handle: handler });
    this.element.addEventListener(eventName, handler as EventListener);
  }

  /**
   * Removes `handler` for `eventName`, or every handler of that event when none is given.
   * Unlike the original, an unknown handler removes nothing (it used to drop the first handler).
   */
  off<K extends keyof TEvents & string>(eventName: K, handler?: IEventHandler<TEvents[K]>): void;
  off<T>(eventName: string, handler?: IEventHandler<T>): void;
  off(eventName: string, handler?: IEventHandler<unknown>): void {
    const fakeEvent = { name: eventName, type: '', id: '', value: undefined };
    if (handler) {
      const index = this.eventHandlers.findIndex((h) => h.handle === handler && h.test(fakeEvent));
      if (index >= 0) this.eventHandlers.splice(index, 1);
      this.element.removeEventListener(eventName, handler as EventListener);
      return;
    }
    const matching = this.eventHandlers.filter((h) => h.test(fakeEvent));
    for (const h of matching) {
      this.eventHandlers.splice(this.eventHandlers.indexOf(h), 1);
      this.element.removeEventListener(eventName, h.handle as EventListener);
    }
  }

  reload(): Promise<void> {
    return this.load();
  }

  /** Sends a new token to the frame and, on success, stores it in the config, the element and the Service. */
  async setAccessToken(accessToken: string): Promise<void> {
    if (!accessToken) throw new Error(messages.accessTokenEmpty);
    const type =
      this.config.type === 'create' ||
      this.config.type === 'visual' ||
      this.config.type === 'qna' ||
      this.config.type === 'quickCreate'
        ? 'report'
        : this.config.type;
    const response = await this.request<void>('POST', `/${type}/token`, accessToken);
    this.config.accessToken = accessToken;
    this.element.setAttribute(Embed.accessTokenAttribute, accessToken);
    this.service.accessToken = accessToken;
    return response.body;
  }

  // ---------------------------------------------------------------- configuration

  populateConfig(config: IBootstrapEmbedConfiguration, isBootstrap: boolean): void {
    if (this.bootstrapConfig) {
      this.config = { ...this.bootstrapConfig, ...config };
      this.bootstrapConfig = undefined;
    } else {
      this.config = { ...config };
    }
    this.config.embedUrl = resolveEmbedUrl(this.config, this.element, Embed, isBootstrap, () =>
      this.getDefaultEmbedUrlEndpoint(),
    );
    this.config.groupId =
      this.config.groupId || Embed.findGroupIdFromEmbedUrl(this.config.embedUrl);
    this.config.embedUrl = addLocaleToEmbedUrl(this.config.embedUrl, config);
    this.config.uniqueId = resolveUniqueId(this.config, this.element, Embed);
    ({ commands: this.commands, groups: this.groups } = readExtensions(this.config));
    this.initialLayoutType =
      (this.config as models.IEmbedConfiguration).settings?.layoutType ?? models.LayoutType.Master;
    if (isBootstrap) {
      this.bootstrapConfig = this.config;
      this.bootstrapConfig.bootstrapped = true;
    } else {
      this.config.accessToken = resolveAccessToken(
        this.config,
        this.element,
        Embed,
        this.service.accessToken,
      );
    }
    this.eventHooks = (this.config as models.IEmbedConfiguration).eventHooks as models.EventHooks;
    validateEventHooks(this.eventHooks, this.embedtype, this.config);
    delete (this.config as models.IEmbedConfiguration).eventHooks;
    this.configChanged(isBootstrap);
  }

  abstract getId(): string;
  abstract configChanged(isBootstrap: boolean): void;
  abstract getDefaultEmbedUrlEndpoint(): string;
  abstract validate(config: IEmbedConfigurationBase): models.IError[] | undefined;

  // ---------------------------------------------------------------- frame and DOM

  fullscreen(): void {
    requestFullscreen(this.iframe);
  }

  exitFullscreen(): void {
    exitFullscreen(this.iframe);
  }

  setComponentTitle(title: string): void {
    if (!this.iframe) return;
    if (title == null) this.iframe.removeAttribute('title');
    else this.iframe.setAttribute('title', title);
  }

  setComponentTabIndex(tabIndex?: number): void {
    this.element?.setAttribute('tabindex', tabIndex == null ? '0' : String(tabIndex));
  }

  removeComponentTabIndex(_tabIndex?: number): void {
    this.element?.removeAttribute('tabindex');
  }

  static findGroupIdFromEmbedUrl(url: string): string | undefined {
    return findParamInUrl(url, 'groupId');
  }

  /** Registers cleanup to run when this component is reset (routes, timers, listeners). */
  addDisposer(disposer: Disposer): Disposer {
    this.disposers.push(disposer);
    return () => {
      const index = this.disposers.indexOf(disposer);
      if (index >= 0) this.disposers.splice(index, 1);
    };
  }

  /**
   * Releases everything this component holds: event handlers, routes, timers, the frame load and
   * front-load listeners. Called by `service.reset`; safe to call twice.
   */
  dispose(): void {
    for (const name of new Set(this.allowedEvents)) this.off(name);
    if (this.frontLoadHandler) {
      this.element.removeEventListener('ready', this.frontLoadHandler, false);
      this.frontLoadHandler = undefined;
    }
    if (this.iframe && this.iframeLoadListener) {
      this.iframe.removeEventListener('load', this.iframeLoadListener);
      this.iframeLoadListener = undefined;
    }
    for (const dispose of this.disposers.splice(0)) {
      try {
        dispose();
      } catch (error) {
        console.error('[embed-core] a cleanup function threw during reset', error);
      }
    }
  }

  private setIframe(isLoad: boolean, phasedRender?: boolean, isBootstrap?: boolean): void {
    // Validate before touching the container: a config that fails leaves it as it was (the original
    // inserted the iframe first and left it behind when validation threw).
    if (isLoad && !isBootstrap) {
      const errors = this.validate(this.config);
      if (errors) throw errors;
    }
    if (!this.iframe) {
      this.iframe = createEmbedIframe(
        this.service,
        this.element,
        this.config.embedUrl as string,
        this.config.uniqueId as string,
      );
    }
    if (isLoad) {
      this.iframeLoadListener = loadListener(this, phasedRender);
      this.iframe.addEventListener('load', this.iframeLoadListener, false);
      // At most 2 components of a Service get a front-load. (The original counted before adding
      // the new component with `<=`, so a third one got it too.)
      if (this.service.getNumberOfComponents() < Embed.maxFrontLoadTimes) {
        this.frontLoadHandler = frontLoadListener(this, () =>
          this.frontLoadSendConfig(this.config),
        );
        this.element.addEventListener('ready', this.frontLoadHandler, false);
      }
    } else {
      this.iframeLoadListener = createListener(this);
      this.iframe.addEventListener('load', this.iframeLoadListener, false);
    }
  }

  private async frontLoadSendConfig(config: IEmbedConfigurationBase): Promise<void> {
    if (!config.accessToken) return;
    const errors = this.validate(config);
    if (errors) throw errors;
    if (!this.iframe?.contentWindow) return;
    await this.sendRequest<void>('POST', '/frontload/config', config, {
      uid: this.config.uniqueId,
    });
  }
}

quietDisposalOf(Embed);
