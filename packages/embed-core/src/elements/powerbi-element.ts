/**
 * The class behind every `<powerbi-*>` element. The element is the embed container itself, so the
 * core's frame events (`loaded`, `rendered`, `pageChanged`, `error`, …), which it dispatches as DOM
 * `CustomEvent`s on the container, reach listeners on the element with the library's `detail`.
 * All embedding decisions are `createEmbedController`'s; this class only maps the element's
 * lifecycle and attributes onto it. Built inside a function: `HTMLElement` is read only when the
 * elements are defined, so importing this module on a server touches no browser global.
 */
import { createEmbedController } from '../controller/embed-controller.ts';
import type { Embed, service } from '@canopy/embed-core';
import { hpmFactory, routerFactory, wpmpFactory } from '../factories.ts';
import { Service } from '../service/service.ts';
import {
  ELEMENT_ATTRIBUTES,
  readElementConfig,
  type ElementAttribute,
  type ElementKind,
} from './element-config.ts';

/** What every `<powerbi-*>` element adds to `HTMLElement`. */
export interface PowerBiElementBase<E extends Embed<object> = Embed<object>> extends HTMLElement {
  /** The live component (full API: pages, filters, bookmarks…), or `undefined` before embedding. */
  readonly embed: E | undefined;
  /** The last configuration error (bad attribute, refused embed URL), until an embed succeeds. */
  readonly error: unknown;
  /**
   * The Service to embed with. Default: one shared Service per set of `trusted-origins`. Setting it
   * re-embeds with that Service (for options an attribute cannot carry).
   */
  service: service.Service | undefined;
}

/** Elements with the same `trusted-origins` share one Service, created on first use. */
const sharedServices = new Map<string, Service>();

function serviceFor(trustedOrigins: string[]): Service {
  const key = [...new Set(trustedOrigins)].sort().join(' ');
  let service = sharedServices.get(key);
  if (!service) {
    service = new Service(hpmFactory, wpmpFactory, routerFactory, {
      trustedOrigins: key ? key.split(' ') : [],
    });
    sharedServices.set(key, service);
  }
  return service;
}

// The element is a block the iframe fills; the page's own CSS (height, border) wins over :host.
const SHADOW_HTML =
  '<style>:host{display:block;position:relative}:host([hidden]){display:none}</style><slot></slot>';

/** Creates the class for one element kind. Call only where `HTMLElement` exists. */
export function createElementClass(kind: ElementKind): CustomElementConstructor {
  return class PowerBiElement extends HTMLElement implements PowerBiElementBase {
    static readonly observedAttributes: readonly string[] = ELEMENT_ATTRIBUTES;

    readonly #controller = createEmbedController({ config: {} });
    #service: Service | undefined;
    #mountedOn: Service | undefined;
    #scheduled = false;
    #error: unknown;

    get embed(): Embed<object> | undefined {
      return this.#controller.getSnapshot().embed;
    }

    get error(): unknown {
      return this.#error;
    }

    get service(): Service | undefined {
      return this.#service ?? this.#mountedOn;
    }

    set service(service: Service | undefined) {
      this.#service = service;
      this.#schedule();
    }

    connectedCallback(): void {
      if (!this.shadowRoot) this.attachShadow({ mode: 'open' }).innerHTML = SHADOW_HTML;
      this.#schedule();
    }

    disconnectedCallback(): void {
      this.#schedule();
    }

    attributeChangedCallback(): void {
      this.#schedule();
    }

    /**
     * Several attributes set in one task (a framework rendering, a script filling the element in)
     * become one update, and a move in the document (disconnect then connect) resets nothing.
     */
    #schedule(): void {
      if (this.#scheduled) return;
      this.#scheduled = true;
      queueMicrotask(() => {
        this.#scheduled = false;
        this.#apply();
      });
    }

    #apply(): void {
      if (!this.isConnected) {
        this.#unmount();
        return;
      }
      const read = readElementConfig(kind, (name: ElementAttribute) => this.getAttribute(name));
      if (!read.ok) {
        // Without an embed URL there is nothing to show; a bad attribute keeps the current embed.
        if (read.missing) this.#unmount();
        else this.#fail(read.error);
        return;
      }
      const service = this.#service ?? serviceFor(read.trustedOrigins);
      try {
        if (this.#mountedOn && this.#mountedOn !== service) this.#unmount();
        this.#controller.update({ config: read.config });
        if (!this.#mountedOn) {
          this.#mountedOn = service;
          this.#controller.mount(service, this);
        }
        if (this.embed) this.#error = undefined;
      } catch (error) {
        // Refused at once by the core (an untrusted embed URL origin, a missing id…).
        this.#fail(error);
      }
    }

    #unmount(): void {
      if (!this.#mountedOn) return;
      this.#mountedOn = undefined;
      this.#controller.unmount();
    }

    /** Reported as the library reports frame errors: an `error` event on the element. */
    #fail(error: unknown): void {
      this.#error = error;
      this.dispatchEvent(new CustomEvent('error', { detail: error, bubbles: true }));
    }
  };
}
