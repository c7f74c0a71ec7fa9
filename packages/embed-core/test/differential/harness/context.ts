/**
 * What a scenario step sees: the library under test, its Service(s), named containers, named slots
 * for components and objects created by earlier steps, event handlers that log what they receive,
 * and a way to make a frame send an event or hook request to the host.
 */
import type { FakeFrame, FakeFrameHarness } from '../../support/fake-frame.ts';
import type {
  CreateLike,
  EmbedLike,
  Handler,
  LibModule,
  PageLike,
  QnaLike,
  ReportLike,
  ServiceLike,
  VisualDescriptorLike,
  VisualLike,
} from './api.ts';
import type { ScriptedApp } from './scripted-app.ts';

export interface DeliveredEvent {
  handler: string;
  type: string;
  detail: unknown;
  /** `data-name` of the element the handler was registered on. */
  on: string | null;
}

export interface FramePost {
  id: string;
  from: string;
  url: string;
}

export class ScenarioContext {
  readonly services = new Map<string, ServiceLike>();
  readonly slots = new Map<string, unknown>();
  readonly events: DeliveredEvent[] = [];
  readonly posts: FramePost[] = [];
  private readonly handlers = new Map<string, Handler>();
  private postCounter = 0;

  constructor(
    readonly lib: LibModule,
    readonly harness: FakeFrameHarness,
    readonly app: ScriptedApp,
  ) {}

  /** The scenario's main Service (created on first use, with the library's own factories). */
  get svc(): ServiceLike {
    return this.service('svc');
  }

  service(name: string, config?: Record<string, unknown>): ServiceLike {
    let svc = this.services.get(name);
    if (!svc) {
      const { Service } = this.lib.service;
      const { hpmFactory, wpmpFactory, routerFactory } = this.lib.factories;
      svc = new Service(hpmFactory, wpmpFactory, routerFactory, config);
      this.services.set(name, svc);
    }
    return svc;
  }

  /** The container named `name` (a `<div data-name>` in body), created on first use. */
  el(name: string, attributes: Record<string, string> = {}): HTMLElement {
    let element = document.querySelector<HTMLElement>(`[data-name="${name}"]`);
    if (!element) {
      element = document.createElement('div');
      element.setAttribute('data-name', name);
      for (const [k, v] of Object.entries(attributes)) element.setAttribute(k, v);
      document.body.appendChild(element);
    }
    return element;
  }

  set<T>(name: string, value: T): T {
    this.slots.set(name, value);
    return value;
  }

  get<T>(name: string): T {
    if (!this.slots.has(name)) throw new Error(`scenario slot "${name}" is empty`);
    return this.slots.get(name) as T;
  }

  embed(name: string): EmbedLike {
    return this.get<EmbedLike>(name);
  }
  report(name = 'r1'): ReportLike {
    return this.get<ReportLike>(name);
  }
  visual(name = 'v1'): VisualLike {
    return this.get<VisualLike>(name);
  }
  qna(name = 'q1'): QnaLike {
    return this.get<QnaLike>(name);
  }
  create(name = 'cr1'): CreateLike {
    return this.get<CreateLike>(name);
  }
  page(name: string): PageLike {
    return this.get<PageLike>(name);
  }
  descriptor(name = 'vd1'): VisualDescriptorLike {
    return this.get<VisualDescriptorLike>(name);
  }

  /** A handler that logs every event it receives; the same function for the same label. */
  handler(label: string): Handler {
    let handler = this.handlers.get(label);
    if (!handler) {
      handler = (event: Event) => {
        const target = event.currentTarget as Element | null;
        this.events.push({
          handler: label,
          type: event.type,
          detail: (event as CustomEvent).detail as unknown,
          on: target && 'getAttribute' in target ? target.getAttribute('data-name') : null,
        });
      };
      this.handlers.set(label, handler);
    }
    return handler;
  }

  frameOf(slot: string): FakeFrame {
    const iframe = this.embed(slot).iframe;
    if (!iframe) throw new Error(`slot "${slot}" has no iframe`);
    return this.harness.frameFor(iframe);
  }

  /**
   * Makes the frame of `slot` send `POST url(uid)` to the host. `uid` is what a real frame knows:
   * the `uid` parameter of its own `src` (which need not be the component's current uniqueId).
   * The reply (or its absence) is recorded by the recorder.
   */
  emit(slot: string, url: (uid: string) => string, body?: unknown): void {
    const frame = this.frameOf(slot);
    const id = `post-${++this.postCounter}`;
    const src = frame.iframe.getAttribute('src') ?? '';
    const uid = /[?&]uid=([^&]+)/.exec(src)?.[1] ?? String(this.embed(slot).config.uniqueId);
    const target = url(uid);
    this.posts.push({ id, from: slot, url: target });
    void frame.post(target, body, 'POST', id);
  }
}
