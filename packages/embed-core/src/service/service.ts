import type * as models from 'powerbi-models';
import { EmbedError, EmbedErrorCode, messages } from '../errors.ts';
import type { IHpmFactory, IRouterFactory, IWpmpFactory } from '../factories.ts';
import type { ICustomEvent, IEvent, IEventHandler } from '../events.ts';
import { Create } from '../embeds/create.ts';
import { Dashboard } from '../embeds/dashboard.ts';
import {
  Embed,
  type IBootstrapEmbedConfiguration,
  type IEmbedConfiguration,
  type IEmbedConfigurationBase,
} from '../embeds/embed.ts';
import { Qna } from '../embeds/qna.ts';
import { QuickCreate } from '../embeds/quick-create.ts';
import { Report } from '../embeds/report.ts';
import { Tile } from '../embeds/tile.ts';
import { Visual } from '../embeds/visual.ts';
import { toOrigin, validateEmbedUrl } from '../internal/embed-url-validation.ts';
import type { HttpPostMessage } from '../transport/http-post-message.ts';
import { generateUUID } from '../transport/ids.ts';
import type { MessageProxy, OriginPolicy } from '../transport/message-proxy.ts';
import type { IRequest, Router, RouterResponse } from '../transport/router.ts';
import { SDK_TYPE, SDK_VERSION } from '../version.ts';
import { assertConfig, assertElement } from './argument-checks.ts';
import { createOriginPolicy } from './origin-policy.ts';
import { registerEventRoutes } from './event-routes.ts';
import type { IServiceConfiguration } from './service-config.ts';
import { scrubConfig } from './scrub-config.ts';

export type { IDebugOptions, IServiceConfiguration } from './service-config.ts';
export type { ICustomEvent, IEvent, IEventHandler };
export type { IHpmFactory, IRouterFactory, IWpmpFactory };

/** A container element that holds an embedded component. */
export interface IPowerBiElement extends HTMLElement {
  powerBiEmbed: Embed<object>;
}

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

type BuiltInComponent = {
  type: string;
  new (
    service: Service,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed<object>;
};

const DEFAULT_CONFIG: IServiceConfiguration = {
  autoEmbedOnContentLoaded: false,
  onError: (...args: unknown[]) => console.log(args[0], args.slice(1)),
};

/**
 * Embeds components into container elements and routes the frames' events back to them.
 * Same public API as powerbi-client's `service.Service`; see docs/embed-core for the additions.
 */
export class Service implements IService {
  /** Built-in components, matched by lower-cased type. */
  static components: BuiltInComponent[] = [Tile, Report, Dashboard, Qna, Visual];
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

  constructor(
    hpmFactory: IHpmFactory,
    wpmpFactory: IWpmpFactory,
    routerFactory: IRouterFactory,
    config: IServiceConfiguration = {},
  ) {
    this.wpmp = wpmpFactory(config.wpmpName, config.logMessages);
    this.hpm = hpmFactory(this.wpmp, null, config.version, config.type, config.sdkWrapperVersion);
    this.router = routerFactory(this.wpmp);
    this.uniqueSessionId = generateUUID();
    this.trustedOrigins = new Set(
      (config.trustedOrigins ?? []).map((o) => toOrigin(o)).filter((o): o is string => !!o),
    );
    this.disposers.push(...registerEventRoutes(this.router, (event) => this.handleEvent(event)));
    this.config = { ...DEFAULT_CONFIG, ...config };

    // The origin policy and timeouts need our own transport; original factories still work without them.
    const proxy = this.wpmp as Partial<MessageProxy>;
    if (this.config.originChecks !== false && typeof proxy.setOriginPolicy === 'function') {
      proxy.setOriginPolicy(this.originPolicy());
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
      return this.embedExisting(powerBiElement, config, phasedRender);
    }
    return this.embedNew(powerBiElement, config, phasedRender, isBootstrap);
  }

  /** Opens the report-creation experience over a dataset. */
  createReport(
    element: HTMLElement,
    config: IEmbedConfiguration | models.IReportCreateConfiguration,
  ): Embed<object> {
    assertElement(element, 'createReport');
    assertConfig(config ?? null, 'createReport');
    config.type = 'create';
    const component = new Create(this, element, config);
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /** Opens quick create from a `datasetCreateConfig`. */
  quickCreate(element: HTMLElement, config: models.IQuickCreateConfiguration): Embed<object> {
    assertElement(element, 'quickCreate');
    assertConfig(config ?? null, 'quickCreate');
    config.type = 'quickCreate';
    const component = new QuickCreate(this, element, config);
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /** Embeds every descendant of `container` (default `document.body`) carrying `powerbi-embed-url`. */
  init(container?: HTMLElement, config?: IEmbedConfiguration): Embed<object>[] {
    const root = container ?? document.body;
    const elements = Array.from(root.querySelectorAll<HTMLElement>(`[${Embed.embedUrlAttribute}]`));
    return elements.map((el) => this.embed(el, config ?? {}));
  }

  /** Runs `init()` on `DOMContentLoaded`. */
  enableAutoEmbed(): void {
    const win = (globalThis as { window?: Window }).window;
    if (!win) return;
    const listener = () => this.init(document.body);
    win.addEventListener('DOMContentLoaded', listener, false);
    this.disposers.push(() => win.removeEventListener('DOMContentLoaded', listener, false));
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
    const powerBiElement = element as Partial<IPowerBiElement> | null | undefined;
    const component = powerBiElement?.powerBiEmbed;
    if (!powerBiElement || !component) return;
    const frameWindow = component.iframe?.contentWindow;
    component.dispose();
    this.embeds = this.embeds.filter((e) => e !== component);
    delete powerBiElement.powerBiEmbed;
    if (frameWindow && typeof this.wpmp.rejectPending === 'function') {
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
    if (typeof this.wpmp.rejectPending === 'function') {
      this.wpmp.rejectPending(
        new EmbedError(EmbedErrorCode.Disposed, 'The Service was destroyed.'),
      );
    }
    (this.router as Partial<Router>).dispose?.();
    this.wpmp.stop();
  }

  /** Loads the service's static assets in a hidden iframe ahead of the first embed. */
  preload(
    config: IComponentEmbedConfiguration | IEmbedConfigurationBase,
    element?: HTMLElement,
  ): HTMLIFrameElement {
    if (!this.validateEmbedUrl(config.embedUrl)) throw new Error(messages.invalidEmbedUrl);
    const iframe = document.createElement('iframe');
    iframe.setAttribute('style', 'display:none;');
    iframe.setAttribute('src', config.embedUrl as string);
    iframe.setAttribute('scrolling', 'no');
    iframe.setAttribute('allowfullscreen', 'false');
    const node = element ?? document.getElementsByTagName('body')[0];
    node?.appendChild(iframe);
    this.preloads.add(iframe);
    iframe.addEventListener('load', () => {
      iframe.dispatchEvent(
        new CustomEvent('preloaded', { detail: {}, bubbles: true, cancelable: true }),
      );
    });
    return iframe;
  }

  /** Sets the `x-sdk-type` and `x-sdk-wrapper-version` headers (used by framework wrappers). */
  setSdkInfo(type: string, version: string): void {
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
    if (event.type === 'tile') this.handleEvent(event);
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
          this.handleEvent({
            type: componentType,
            id: req.params.uniqueId as string,
            name: req.params.eventName as string,
            value: req.body,
          });
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
    if (this.config.onError) this.config.onError(error);
  }

  /** The SDK type sent in `x-sdk-type` (default `js`). */
  get sdkType(): string {
    return (this.hpm.defaultHeaders['x-sdk-type'] as string | undefined) ?? SDK_TYPE;
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

  private embedNew(
    element: IPowerBiElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed<object> {
    const componentType = config.type || element.getAttribute(Embed.typeAttribute);
    if (!componentType) {
      throw new Error(
        `Attempted to embed using config ${JSON.stringify(scrubConfig(config))} on element ${element.outerHTML}, but could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as '${Embed.typeAttribute}="${Report.type.toLowerCase()}"'.`,
      );
    }
    config.type = componentType;
    const builtIn = Service.components.find((c) => componentType === c.type.toLowerCase());
    let component: Embed<object>;
    if (builtIn) {
      component = new builtIn(this, element, config, phasedRender, isBootstrap);
    } else {
      const key = Object.keys(this.registeredComponents).find(
        (k) => k.toLowerCase() === componentType.toLowerCase(),
      );
      const factory = key ? this.registeredComponents[key] : undefined;
      if (!factory) {
        throw new Error(
          `Attempted to embed component of type: ${componentType} but did not find any matching component.  Please verify the type you specified is intended.`,
        );
      }
      component = factory(this, element, config, phasedRender, isBootstrap);
    }
    element.powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  private embedExisting(
    element: IPowerBiElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
  ): Embed<object> {
    const component = this.embeds.find((e) => e.element === element);
    if (!component) {
      throw new Error(
        `Attempted to embed using config ${JSON.stringify(scrubConfig(config))} on element ${element.outerHTML} which already has embedded component associated, but could not find the existing component in the list of active components. This could indicate the embeds list is out of sync with the DOM, or the component is referencing the incorrect HTML element.`,
      );
    }
    if (config.type?.toLowerCase() === 'qna') return this.embedNew(element, config);

    const previousType = component.config.type;
    const newType = config.type;
    if (typeof newType === 'string' && newType !== previousType) {
      const wasCreate =
        previousType?.toLowerCase() === 'create' || previousType?.toLowerCase() === 'quickcreate';
      if (newType === 'report' && wasCreate) {
        // Fixed: the original registered the old Create component and never loaded the new report.
        // The report keeps the iframe, so it keeps the uid the iframe was created with: the frame
        // posts its events under that uid.
        const reportConfig = { ...config, uniqueId: config.uniqueId ?? component.config.uniqueId };
        const report = new Report(this, element, reportConfig, false, false, component.iframe);
        component.dispose();
        report.iframeLoaded = true;
        element.powerBiEmbed = report;
        this.addOrOverwriteEmbed(report, element);
        void report.load().catch((error: unknown) => this.reportAsyncError(report, error));
        return report;
      }
      throw new Error(
        `Embedding on an existing element with a different type than the previous embed object is not supported.  Attempted to embed using config ${JSON.stringify(scrubConfig(config))} on element ${element.outerHTML}, but the existing element contains an embed of type: ${previousType} which does not match the new type: ${newType}`,
      );
    }
    // Keep the type and the uniqueId the iframe was created with: the original dropped the type when
    // the new config had none and regenerated uniqueId while the frame kept the old uid.
    const merged: IEmbedConfigurationBase = {
      ...config,
      type: config.type ?? previousType,
      uniqueId: config.uniqueId ?? component.config.uniqueId,
    };
    component.populateConfig(merged, false);
    void component
      .load(phasedRender)
      .catch((error: unknown) => this.reportAsyncError(component, error));
    return component;
  }

  private handleEvent(event: IEvent<unknown>): void {
    const component = this.embeds.find((e) => e.config.uniqueId === event.id);
    if (!component) return;
    let value = event.value;
    if (event.name === 'pageChanged') {
      const newPage = (value as { newPage?: models.IPage } | undefined)?.newPage;
      if (!newPage) throw new Error(messages.pageModelNotFound);
      value = {
        ...(value as object),
        newPage: (component as unknown as Report).page(newPage.name, newPage.displayName, true),
      };
    }
    const view = component.element.ownerDocument?.defaultView;
    const CustomEventCtor = view?.CustomEvent ?? CustomEvent;
    component.element.dispatchEvent(
      new CustomEventCtor(event.name, { detail: value, bubbles: true, cancelable: true }),
    );
  }
}

export type { IBootstrapEmbedConfiguration };
