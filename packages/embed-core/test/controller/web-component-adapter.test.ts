/**
 * The adapter of docs/embed-core/adapters.md, as written there: a custom element that only maps its
 * lifecycle onto `createEmbedController`. It proves an adapter needs no logic of its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createEmbedController,
  type AnyEmbedConfiguration,
  type Embed,
  type EmbedControllerInput,
  type EmbedEventHandlers,
  type service,
} from '../../src/index.ts';
import { ControllerBed, reportConfig } from './controller-bed.ts';

let sharedService: service.Service;

class PowerBiEmbedElement extends HTMLElement {
  #input: EmbedControllerInput = { config: {} };
  readonly controller = createEmbedController(this.#input, {
    sdkInfo: { type: 'pbi-embed-element', version: '1.0.0' },
  });
  #stop: (() => void) | undefined;

  set config(config: AnyEmbedConfiguration) {
    this.#push({ ...this.#input, config });
  }

  set eventHandlers(eventHandlers: EmbedEventHandlers) {
    this.#push({ ...this.#input, eventHandlers });
  }

  connectedCallback() {
    this.#stop = this.controller.subscribe(() => {
      this.dataset.status = this.controller.getSnapshot().status;
    });
    this.controller.mount(sharedService, this);
  }

  disconnectedCallback() {
    this.controller.unmount();
    this.#stop?.();
  }

  #push(input: EmbedControllerInput) {
    this.#input = input;
    this.controller.update(input);
  }
}

describe('a custom element adapter over createEmbedController', () => {
  let bed: ControllerBed;

  beforeEach(() => {
    bed = new ControllerBed();
    sharedService = bed.service;
    if (!customElements.get('pbi-embed')) customElements.define('pbi-embed', PowerBiEmbedElement);
  });

  afterEach(() => bed.dispose());

  it('should embed on connect, apply property changes live, and clean up on disconnect', async () => {
    const element = document.createElement('pbi-embed') as PowerBiEmbedElement;
    const seen: string[] = [];
    element.config = reportConfig();
    element.eventHandlers = { loaded: () => seen.push('loaded') };
    document.body.appendChild(element);
    expect(element.dataset.status).toBe('loading');
    await bed.settle();
    expect(bed.requests('POST /report/load')[0]?.message.headers).toMatchObject({
      'x-sdk-type': 'pbi-embed-element',
    });
    const report = element.controller.getSnapshot().embed as Embed<object>;
    await bed.emit(report, 'loaded');
    expect(seen).toEqual(['loaded']);
    expect(element.dataset.status).toBe('loaded');

    element.config = reportConfig({ pageName: 'p2' });
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load', 'PUT /report/pages/active']);

    element.remove();
    expect(element.dataset.status).toBe('idle');
    expect(element.querySelector('iframe')).toBeNull();
    expect(bed.service.router.routeCount).toBe(bed.baseline.routes);
  });
});
