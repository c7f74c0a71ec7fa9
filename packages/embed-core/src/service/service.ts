import type * as models from 'powerbi-models';
import {
  EmbedError,
  EmbedErrorCode,
  PORT_CLOSED_TEXT,
  isEmbedError,
  isPortClosed,
  messages,
} from '../errors.ts';
import type { IHpmFactory, IRouterFactory, IWpmpFactory } from '../factories.ts';
import type { ICustomEvent, IEvent, IEventHandler } from '../events.ts';
import type {
  Embed,
  IBootstrapEmbedConfiguration,
  IEmbedConfiguration,
  IEmbedConfigurationBase,
} from '../embeds/embed.ts';
import { toOrigin, validateEmbedUrl } from '../internal/embed-url-validation.ts';
import type { HttpPostMessage } from '../transport/http-post-message.ts';
import { generateUUID } from '../transport/ids.ts';
import type { MessageProxy, OriginPolicy } from '../transport/message-proxy.ts';
import type { IRequest, Router, RouterResponse } from '../transport/router.ts';
import { SDK_TYPE, SDK_VERSION } from '../version.ts';
import { assertConfig, assertConfigObject, assertElement } from './argument-checks.ts';
import { embedDeclaredElements, listenForContentLoaded } from './declarative.ts';
import { dispatchFrameEvent } from './dispatch-frame-event.ts';
import { builtInComponents, embedKinds, type BuiltInComponent } from './embed-kinds.ts';
import { embedExisting, embedNew, type ComponentRegistry } from './embed-lifecycle.ts';
import { createOriginPolicy } from './origin-policy.ts';
import { trackInboundMessages, type InboundMessages } from './inbound-messages.ts';
import type { IEmbedService } from '../embeds/embed-service.ts';
import { createPreloadFrame } from './preload.ts';
import { registerEventRoutes } from './event-routes.ts';
import type { IServiceConfiguration } from './service-config.ts';

export type { IDebugOptions, IServiceConfiguration } from './service-config.ts';
export type { ICustomEvent, IEvent, IEventHandler };
export type { IHpmFactory, IRouterFactory, IWpmpFactory };

import type { IPowerBiElement } from './powerbi-element.ts';
export type { IPowerBiElement };

/** The configurations `embed`/`load`/`bootstrap`/`preload` accept (same union as powerbi-client). */
export type IComponentEmbedConfiguration =
  | models.IReportEmbedConfiguration
  | models.IDashboardEmbedConfiguration
  | models.ITileEmbedConfiguration
  | models.IVisualEmbedConfiguration
  | models.IQnaEmbedConfiguration;

export type EmbedComponentFactory = (
  service: Service,
  element: HTMLElement,
  config: IEmbedConfigurationBase,
  phasedRender?: boolean,
  isBootstrap?: boolean,
) => Embed<object>;

export interface IService {
  hpm: HttpPostMessage;
}

const DEFAULT_CONFIG: IServiceConfiguration = {
  autoEmbedOnContentLoaded: false,
  onError: (...args: unknown[]) => console.log(args[0], args.slice(1)),
};

/**
 * Embeds components into container elements and routes the frames' events back to them.
 * Same public API as powerbi-client's `service.Service`; see docs/embed-core for the additions.
 */
export class Service implements IService, IEmbedService {
  /** Built-in components, matched by lower-cased type. */
  static components: BuiltInComponent[] = builtInComponents;
  static defaultConfig = DEFAULT_CONFIG;

  /** Fallback token used when neither the config nor the element carries one. */
  accessToken: string | undefined;
  hpm: HttpPostMessage;
  wpmp: MessageProxy;
  router: Router;

  private config: IServiceConfiguration;
  private embeds: Embed<object>[] = [];
  private uniqueSessionId: string;
  private registeredComponents: Record<string, EmbedComponentFactory> = {};
  private readonly trustedOrigins: Set<string>;
  private readonly preloads = new Set<HTMLIFrameElement>();
  private readonly disposers: Array<() => void> = [];
  private destroyed = false;
  private readonly inbound: InboundMessages;
  private readonly policy: OriginPolicy;

  constructor(
    hpmFactory: IHpmFactory,
    wpmpFactory: IWpmpFactory,
    routerFactory: IRouterFactory,
    config: IServiceConfiguration = {},
  ) {
    // Before the proxy starts listening: frame binding needs each message's event (see isFromFrame).
    const capture = trackInboundMessages();
    // A caller's factory may return its own proxy, or null (powerbi-client tolerates both).
    this.wpmp = wpmpFactory(config.wpmpName, config.logMessages);
    // Our own proxy records the event of every message it hands to a handler: no second window
    // listener, and nothing remembered for replies (most messages). Others need the capture listener.
    const own = this.wpmp as Partial<MessageProxy> | null;
    if (own && typeof own.eventOf === 'function') {
      capture.dispose();
      this.inbound = { eventOf: (message) => own.eventOf?.(message), dispose: () => undefined };
    } else {
      this.inbound = capture;
    }
    this.disposers.push(() => this.inbound.dispose());
    this.hpm = hpmFactory(this.wpmp, null, config.version, config.type, config.sdkWrapperVersion);
    this.router = routerFactory(this.wpmp);
    this.uniqueSessionId = generateUUID();
    this.trustedOrigins = new Set(
      (config.trustedOrigins ?? []).map((o) => toOrigin(o)).filter((o): o is string => !!o),
    );
    this.disposers.push(
      ...registerEventRoutes(this.router, (event, request) => this.handleEvent(event, request)),
    );
    this.config = { ...DEFAULT_CONFIG, ...config };
    this.policy = this.originPolicy();

    // The origin policy and timeouts need our own transport; original factories still work without them.
    const proxy = (this.wpmp ?? {}) as Partial<MessageProxy>;
    if (this.config.originChecks !== false && typeof proxy.setOriginPolicy === 'function') {
      proxy.setOriginPolicy(this.policy);
    }
    if (typeof proxy.configure === 'function') {
      proxy.configure({ timeout: this.config.requestTimeout, signal: this.config.signal });
    }
    if (this.config.autoEmbedOnContentLoaded) this.enableAutoEmbed();
  }

  /** Creates the iframe for `config.type` (or `powerbi-type`) in `element` and loads it. */
  embed(
    element: HTMLElement,
    config: IComponentEmbedConfiguration | IEmbedConfigurationBase = {},
  ): Embed<object> {
    return this.embedInternal(element, config);
  }

  /** Phased embedding: reports receive `/report/prepare`; call `report.render()` to show them. */
  load(
    element: HTMLElement,
    config: IComponentEmbedConfiguration | IEmbedConfigurationBase = {},
  ): Embed<object> {
    return this.embedInternal(element, config, true, false);
  }

  /** Creates the iframe early, before a token is known; a later `embed` on the element completes it. */
  bootstrap(
    element: HTMLElement,
    config: IComponentEmbedConfiguration | IBootstrapEmbedConfiguration,
  ): Embed<object> {
    return this.embedInternal(element, config, false, true);
  }

  embedInternal(
    element: HTMLElement,
    config: IEmbedConfigurationBase = {},
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed<object> {
    const method = isBootstrap ? 'bootstrap' : phasedRender ? 'load' : 'embed';
    assertElement(element, method);
    assertConfig(config, method);
    const powerBiElement = element as IPowerBiElement;
    if (powerBiElement.powerBiEmbed) {
      if (isBootstrap) {
        throw new Error(
          `Attempted to bootstrap element ${element.outerHTML}, but the element is already a powerbi element.`,
        );
      }
      const existing = this.embeds.find((e) => e.element === powerBiElement);
      return embedExisting(this, this.registry(), existing, powerBiElement, config, phasedRender);
    }
    return embedNew(this, this.registry(), powerBiElement, config, phasedRender, isBootstrap);
  }

  /** Opens the report-creation experience over a dataset. */
  createReport(
    element: HTMLElement,
    config: IEmbedConfiguration | models.IReportCreateConfiguration,
  ): Embed<object> {
    assertElement(element, 'createReport');
    assertConfig(config ?? null, 'createReport');
    config.type = 'create';
    const component = new (embedKinds().create)(this, element, config);
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /** Opens quick create from a `datasetCreateConfig`. */
  quickCreate(element: HTMLElement, config: models.IQuickCreateConfiguration): Embed<object> {
    assertElement(element, 'quickCreate');
    assertConfig(config ?? null, 'quickCreate');
    config.type = 'quickCreate';
    const component = new (embedKinds().quickCreate)(this, element, config);
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /** Embeds every descendant of `container` (default `document.body`) carrying `powerbi-embed-url`. */
  init(container?: HTMLElement, config?: IEmbedConfiguration): Embed<object>[] {
    return embedDeclaredElements(this, container ?? document.body, config);
  }

  /** Runs `init()` on `DOMContentLoaded`. */
  enableAutoEmbed(): void {
    const removeListener = listenForContentLoaded(this);
    if (removeListener) this.disposers.push(removeListener);
  }

  /** The component embedded in `element`; throws when there is none. */
  get(element: HTMLElement): Embed<object> {
    assertElement(element, 'get');
    const component = (element as Partial<IPowerBiElement>).powerBiEmbed;
    if (!component) {
      throw new Error(
        `You attempted to get an instance of powerbi component associated with element: ${element.outerHTML} but there was no associated instance.`,
      );
    }
    return component;
  }

  /** The component with this `uniqueId`, or `undefined`. */
  find(uniqueId: string): Embed<object> | undefined {
    return this.embeds.find((e) => e.config.uniqueId === uniqueId);
  }

  addOrOverwriteEmbed(component: Embed<object>, element: HTMLElement): void {
    this.embeds = this.embeds.filter((e) => e.element !== element);
    this.embeds.push(component);
  }

  /**
   * Removes the component from `element`: its iframe, every event handler, route and timer it
   * holds, and rejects its pending requests with a `Disposed` error (the original left them pending).
   */
  reset(element: HTMLElement): void {
    // A missing element has nothing to reset (unmount code often passes a ref that is already null).
    if (element !== null && element !== undefined) assertElement(element, 'reset');
    const powerBiElement = element as Partial<IPowerBiElement> | null | undefined;
    const component = powerBiElement?.powerBiEmbed;
    if (!powerBiElement || !component) return;
    const frameWindow = component.iframe?.contentWindow;
    component.dispose();
    this.embeds = this.embeds.filter((e) => e !== component);
    delete powerBiElement.powerBiEmbed;
    if (frameWindow && typeof this.wpmp?.rejectPending === 'function') {
      this.wpmp.rejectPending(
        new EmbedError(EmbedErrorCode.Disposed, 'The embedded component was reset.'),
        frameWindow,
      );
    }
    const iframe = element.querySelector('iframe');
    iframe?.remove();
  }

  /**
   * Tears the Service down: resets every component, removes preload frames, the message listener
   * and every route. The Service cannot be used afterwards.
   */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    for (const component of [...this.embeds]) this.reset(component.element);
    for (const iframe of this.preloads) iframe.remove();
    this.preloads.clear();
    for (const dispose of this.disposers.splice(0)) dispose();
    if (typeof this.wpmp?.rejectPending === 'function') {
      this.wpmp.rejectPending(
        new EmbedError(EmbedErrorCode.Disposed, 'The Service was destroyed.'),
      );
    }
    (this.router as Partial<Router>).dispose?.();
    (this.wpmp as Partial<MessageProxy> | null)?.stop?.();
  }

  /** Loads the service's static assets in a hidden iframe ahead of the first embed. */
  preload(
    config: IComponentEmbedConfiguration | IEmbedConfigurationBase,
    element?: HTMLElement,
  ): HTMLIFrameElement {
    assertConfigObject(config, 'service.preload');
    if (element !== undefined) assertElement(element, 'preload');
    const iframe = createPreloadFrame(this, config, element);
    this.preloads.add(iframe);
    return iframe;
  }

  /** Sets the `x-sdk-type` and `x-sdk-wrapper-version` headers (used by framework wrappers). */
  setSdkInfo(type: string, version: string): void {
    // A caller's hpm object may have no default headers yet.
    this.hpm.defaultHeaders ??= {};
    this.hpm.defaultHeaders['x-sdk-type'] = type;
    this.hpm.defaultHeaders['x-sdk-wrapper-version'] = version;
  }

  getNumberOfComponents(): number {
    return this.embeds ? this.embeds.length : 0;
  }

  getSdkSessionId(): string {
    return this.uniqueSessionId;
  }

  getSDKVersion(): string {
    return SDK_VERSION;
  }

  /** Forwards tile events (kept for API compatibility). */
  handleTileEvents(event: IEvent<unknown>): void {
    // Called by host code, not by a frame: no frame binding applies.
    if (event.type !== 'tile') return;
    const component = this.embeds.find((e) => e.config.uniqueId === event.id);
    if (component) dispatchFrameEvent(component, event);
  }

  /** Runs a host-side hook for the frame and answers it: 200 with the result, 404 without hook, 400 on failure. */
  async invokeSDKHook(
    hook: models.EventHooks[keyof models.EventHooks],
    req: IRequest,
    res: RouterResponse,
  ): Promise<void> {
    if (!hook) {
      res.send(404, null);
      return;
    }
    try {
      const result: unknown = await (hook as (body: unknown) => unknown)(req.body);
      res.send(200, result);
    } catch (error) {
      res.send(400, null);
      console.error(error);
    }
  }

  /** Registers an external component type and the event URLs its frame posts to. */
  register(
    componentType: string,
    embedComponentFactory: EmbedComponentFactory,
    routerEventUrls: string[],
  ): void {
    if (Service.components.some((c) => c.type.toLowerCase() === componentType.toLowerCase())) {
      throw new Error(messages.componentNameReserved);
    }
    if (this.registeredComponents[componentType])
      throw new Error(messages.componentAlreadyRegistered);
    this.registeredComponents[componentType] = embedComponentFactory;
    for (const url of routerEventUrls) {
      if (!url.includes(':uniqueId') || !url.includes(':eventName')) {
        throw new Error(messages.invalidRouterEventUrl);
      }
      this.disposers.push(
        this.router.register('POST', url, (req) => {
          this.handleEvent(
            {
              type: componentType,
              id: req.params.uniqueId as string,
              name: req.params.eventName as string,
              value: req.body,
            },
            req,
          );
        }),
      );
    }
  }

  /** URL validation: the cloud allow-list plus this Service's `trustedOrigins`. */
  validateEmbedUrl(url: string | undefined): boolean {
    return validateEmbedUrl(url, this.trustedOrigins);
  }

  /** Applies the configured `iframeAttributes` to a new embed iframe. */
  applyIframeAttributes(iframe: HTMLIFrameElement): void {
    for (const [name, value] of Object.entries(this.config.iframeAttributes ?? {})) {
      iframe.setAttribute(name, value);
    }
  }

  /** Reports a failure that has no caller to reject (a load or create the frame refused). */
  reportAsyncError(_component: Embed<object>, error: unknown): void {
    // A load or create cut short by `reset`/`destroy` is the host's own doing, not a failure.
    if (isEmbedError(error) && error.code === EmbedErrorCode.Disposed) return;
    if (isPortClosed(error)) {
      console.warn(`[embed-core] ${PORT_CLOSED_TEXT} (the frame went away); ignored.`);
      return;
    }
    if (this.config.onError) this.config.onError(error);
  }

  /** The SDK type sent in `x-sdk-type` (default `js`). */
  get sdkType(): string {
    return (this.hpm.defaultHeaders?.['x-sdk-type'] as string | undefined) ?? SDK_TYPE;
  }

  /** All components of this Service (read-only copy). */
  getEmbeds(): ReadonlyArray<Embed<object>> {
    return [...this.embeds];
  }

  private originPolicy(): OriginPolicy {
    return createOriginPolicy({
      frames: () => this.embeds,
      trustedOrigins: this.trustedOrigins,
    });
  }

  /** The component types `embed` can create: read at call time (`Service.components` is public). */
  private registry(): ComponentRegistry<Service> {
    return { builtIns: Service.components, registered: this.registeredComponents };
  }

  /**
   * Frame binding: `request` (a message a router matched) counts for a component only when its
   * `message` event came from `frame` — that component's own iframe window — and from an origin
   * trusted for it. Naming another embed's uid in the URL is not enough: a frame speaks for itself.
   */
  isFromFrame(frame: Window | null | undefined, request: object): boolean {
    const event = this.inbound.eventOf(request);
    if (!event || !frame || event.source !== frame) return false;
    if (this.config.originChecks === false) return true;
    return this.policy.accept(event) !== undefined;
  }

  private handleEvent(event: IEvent<unknown>, request: object): void {
    const component = this.embeds.find((e) => e.config.uniqueId === event.id);
    if (!component || !this.isFromFrame(component.iframe?.contentWindow, request)) return;
    dispatchFrameEvent(component, event);
  }
}

export type { IBootstrapEmbedConfiguration };
