import * as models from 'powerbi-models';
import { EmbedError, EmbedErrorCode, messages, toRejection } from '../errors.ts';
import type { ICustomEvent, IEvent, IEventHandler } from '../events.ts';
import { autoAuthInEmbedUrl, addParamToUrl, findParamInUrl } from '../internal/url.ts';
import type { IHttpPostMessageResponse } from '../transport/message.ts';
import { createRandomString } from '../transport/ids.ts';
import type { Service } from '../service/service.ts';
import { SDK_VERSION } from '../version.ts';

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

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything an embed needs to undo on reset: routes, timers, listeners. */
export type Disposer = () => void;

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
  declare service: Service;
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
    service: Service,
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
   * rejection shape is decided once: frame errors reject with the response body (as the original),
   * local failures with an {@link EmbedError} (the original rejected with `undefined`).
   */
  protected sendRequest<T>(
    method: HttpMethod,
    url: string,
    body?: unknown,
    headers: Record<string, unknown> = {},
    targetWindow: Window | null | undefined = this.iframe?.contentWindow,
  ): Promise<IHttpPostMessageResponse<T>> {
    if (!targetWindow) {
      return Promise.reject(
        new EmbedError(
          EmbedErrorCode.NoFrame,
          `Cannot send ${method} ${url}: the embedded frame is not available (the component was reset or never embedded).`,
        ),
      );
    }
    const hpm = this.service.hpm;
    let sent: Promise<IHttpPostMessageResponse<T>>;
    try {
      // Every API call passes here: a plain promise chain (no extra async frame) keeps it cheap.
      sent =
        method === 'GET'
          ? hpm.get<T>(url, headers, targetWindow)
          : method === 'DELETE'
            ? hpm.delete<T>(url, body, headers, targetWindow)
            : hpm[method === 'POST' ? 'post' : method === 'PUT' ? 'put' : 'patch']<T>(
                url,
                body,
                headers,
                targetWindow,
              );
    } catch (reason) {
      return Promise.reject(toRejection(reason));
    }
    return sent.catch((reason: unknown) => {
      throw toRejection(reason);
    });
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
    this.config.embedUrl = this.getEmbedUrl(isBootstrap);
    this.config.groupId = this.getGroupId();
    this.addLocaleToEmbedUrl(config);
    this.config.uniqueId = this.getUniqueId();
    const extensions = (this.config as models.IEmbedConfiguration).settings?.extensions;
    this.commands = [];
    this.groups = [];
    if (Array.isArray(extensions)) {
      this.commands = extensions
        .map((e) => e.command)
        .filter((c): c is models.ICommandExtension => !!c);
    } else if (extensions) {
      this.commands = extensions.commands ?? [];
      this.groups = extensions.groups ?? [];
    }
    this.initialLayoutType =
      (this.config as models.IEmbedConfiguration).settings?.layoutType ?? models.LayoutType.Master;
    if (isBootstrap) {
      this.bootstrapConfig = this.config;
      this.bootstrapConfig.bootstrapped = true;
    } else {
      this.config.accessToken = this.getAccessToken(this.service.accessToken);
    }
    this.eventHooks = (this.config as models.IEmbedConfiguration).eventHooks as models.EventHooks;
    this.validateEventHooks(this.eventHooks);
    delete (this.config as models.IEmbedConfiguration).eventHooks;
    this.configChanged(isBootstrap);
  }

  private validateEventHooks(eventHooks: models.EventHooks | undefined): void {
    if (!eventHooks) return;
    for (const key of Object.keys(eventHooks)) {
      if (typeof (eventHooks as Record<string, unknown>)[key] !== 'function') {
        throw new Error(`${key} must be a function`);
      }
    }
    if (eventHooks.applicationContextProvider) {
      if (this.embedtype !== 'report')
        throw new Error(messages.applicationContextProviderReportOnly);
      this.config.embedUrl = addParamToUrl(
        this.config.embedUrl as string,
        'registerQueryCallback',
        'true',
      );
    }
    if (eventHooks.accessTokenProvider) {
      const supported = ['create', 'quickcreate', 'report'].includes(this.embedtype);
      if (!supported || this.config.tokenType !== models.TokenType.Aad) {
        throw new Error(messages.accessTokenProviderReportOnly);
      }
    }
  }

  private addLocaleToEmbedUrl(config: IBootstrapEmbedConfiguration): void {
    const locale = (config as models.IEmbedConfiguration).settings?.localeSettings;
    if (!locale) return;
    if (locale.language) {
      this.config.embedUrl = addParamToUrl(
        this.config.embedUrl as string,
        'language',
        locale.language,
      );
    }
    if (locale.formatLocale) {
      this.config.embedUrl = addParamToUrl(
        this.config.embedUrl as string,
        'formatLocale',
        locale.formatLocale,
      );
    }
  }

  private getAccessToken(globalAccessToken: string | undefined): string {
    const token =
      this.config.accessToken ||
      this.element.getAttribute(Embed.accessTokenAttribute) ||
      globalAccessToken;
    if (!token) throw new Error(messages.noAccessToken);
    return token;
  }

  private getEmbedUrl(isBootstrap: boolean): string {
    let embedUrl =
      this.config.embedUrl || this.element.getAttribute(Embed.embedUrlAttribute) || undefined;
    if (isBootstrap && !embedUrl) embedUrl = this.getDefaultEmbedUrl(this.config.hostname);
    if (typeof embedUrl !== 'string' || embedUrl.length === 0)
      throw new Error(messages.embedUrlRequired);
    return embedUrl;
  }

  private getDefaultEmbedUrl(hostname: string | undefined): string {
    let host = hostname ? hostname.toLowerCase().trim() : Embed.defaultEmbedHostName;
    if (!host.startsWith('https://')) host = `https://${host}`;
    return `${host}/${this.getDefaultEmbedUrlEndpoint()}`;
  }

  private getUniqueId(): string {
    return (
      this.config.uniqueId || this.element.getAttribute(Embed.nameAttribute) || createRandomString()
    );
  }

  private getGroupId(): string | undefined {
    return this.config.groupId || Embed.findGroupIdFromEmbedUrl(this.config.embedUrl as string);
  }

  abstract getId(): string;
  abstract configChanged(isBootstrap: boolean): void;
  abstract getDefaultEmbedUrlEndpoint(): string;
  abstract validate(config: IEmbedConfigurationBase): models.IError[] | undefined;

  // ---------------------------------------------------------------- frame and DOM

  fullscreen(): void {
    const iframe = this.iframe as HTMLIFrameElement & Record<string, unknown>;
    const request = [
      'requestFullscreen',
      'msRequestFullscreen',
      'mozRequestFullScreen',
      'webkitRequestFullscreen',
    ]
      .map((name) => iframe?.[name])
      .find((fn): fn is () => void => typeof fn === 'function');
    request?.call(iframe);
  }

  exitFullscreen(): void {
    if (!this.isFullscreen(this.iframe)) return;
    const doc = document as Document & Record<string, unknown>;
    const exit = [
      'exitFullscreen',
      'mozCancelFullScreen',
      'webkitExitFullscreen',
      'msExitFullscreen',
    ]
      .map((name) => doc[name])
      .find((fn): fn is () => void => typeof fn === 'function');
    exit?.call(doc);
  }

  private isFullscreen(iframe: HTMLIFrameElement | undefined): boolean {
    if (!iframe || typeof document === 'undefined') return false;
    const doc = document as Document & Record<string, unknown>;
    return [
      'fullscreenElement',
      'webkitFullscreenElement',
      'mozFullscreenScreenElement',
      'msFullscreenElement',
    ].some((name) => doc[name] === iframe);
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
    if (!this.iframe) {
      const iframeContent = document.createElement('iframe');
      const embedUrl = addParamToUrl(
        this.config.embedUrl as string,
        'uid',
        this.config.uniqueId as string,
      );
      if (!this.service.validateEmbedUrl(embedUrl)) throw new Error(messages.invalidEmbedUrl);
      iframeContent.style.width = '100%';
      iframeContent.style.height = '100%';
      iframeContent.setAttribute('src', embedUrl);
      iframeContent.setAttribute('scrolling', 'no');
      iframeContent.setAttribute('allowfullscreen', 'true');
      this.service.applyIframeAttributes(iframeContent);
      const node = this.element;
      while (node.firstChild) node.removeChild(node.firstChild);
      node.appendChild(iframeContent);
      this.iframe = iframeContent;
    }
    if (isLoad) {
      if (!isBootstrap) {
        const errors = this.validate(this.config);
        if (errors) throw errors;
      }
      this.iframeLoadListener = () => {
        this.iframeLoaded = true;
        try {
          void this.load(phasedRender).catch((error: unknown) =>
            this.service.reportAsyncError(this, error),
          );
        } catch (error) {
          // Visual.load throws synchronously (missing pageName/visualName), as the original does;
          // here that would escape the DOM listener as an uncaught error.
          this.service.reportAsyncError(this, error);
        }
      };
      this.iframe.addEventListener('load', this.iframeLoadListener, false);
      if (this.service.getNumberOfComponents() <= Embed.maxFrontLoadTimes) {
        this.frontLoadHandler = () =>
          void this.frontLoadSendConfig(this.config).catch((error: unknown) =>
            this.service.reportAsyncError(this, error),
          );
        this.element.addEventListener('ready', this.frontLoadHandler, false);
      }
    } else {
      this.iframeLoadListener = () => {
        void this.create().catch((error: unknown) => this.service.reportAsyncError(this, error));
      };
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
