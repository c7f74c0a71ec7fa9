import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Report,
  createEmbedController,
  embedFromConfig,
  type Embed,
  type EmbedControllerInput,
  type EmbedEventHandler,
  type EmbedStatus,
} from '../../src/index.ts';
import { ControllerBed, REPORT2_URL, regionFilter, reportConfig } from './controller-bed.ts';

describe('createEmbedController', () => {
  let bed: ControllerBed;
  let embeds: Embed<object>[];
  const input = (config: Record<string, unknown> = reportConfig()): EmbedControllerInput => ({
    config,
    onEmbedded: (embed) => embeds.push(embed),
  });

  /** Mounts a report, lets it load and reports `loaded`, then forgets the calls so far. */
  async function mountLoaded(first: EmbedControllerInput = input()) {
    const controller = createEmbedController(first);
    controller.mount(bed.service, bed.element);
    await bed.settle();
    await bed.emit(embeds[0] as Embed<object>, 'loaded');
    bed.harness.clear();
    return controller;
  }

  beforeEach(() => {
    bed = new ControllerBed();
    embeds = [];
  });

  afterEach(() => bed.dispose());

  it('should embed on mount and publish the component and its status from the frame', async () => {
    const controller = createEmbedController(input(), {
      sdkInfo: { type: 'my-wrapper', version: '9.9.9' },
    });
    expect(controller.getSnapshot()).toEqual({
      embed: undefined,
      status: 'idle',
      error: undefined,
    });
    const seen: EmbedStatus[] = [];
    controller.subscribe(() => seen.push(controller.getSnapshot().status));
    controller.mount(bed.service, bed.element);
    const report = controller.getSnapshot().embed;
    expect(report).toBeInstanceOf(Report);
    expect(embeds).toEqual([report]);
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(bed.requests('POST /report/load')[0]?.message.headers).toMatchObject({
      'x-sdk-type': 'my-wrapper',
      'x-sdk-wrapper-version': '9.9.9',
    });
    await bed.emit(report as Report, 'loaded');
    const snapshot = controller.getSnapshot();
    expect(controller.getSnapshot()).toBe(snapshot);
    expect(snapshot).toEqual({ embed: report, status: 'loaded', error: undefined });
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it('should keep the input given before mount and embed the latest one', async () => {
    const controller = createEmbedController(input());
    controller.update(input(reportConfig({ pageName: 'p2', id: 'r2', embedUrl: REPORT2_URL })));
    await bed.settle();
    expect(bed.calls()).toEqual([]);
    controller.mount(bed.service, bed.element);
    await bed.settle();
    expect(bed.requests('POST /report/load')[0]?.message.body).toMatchObject({
      id: 'r2',
      pageName: 'p2',
    });
  });

  it('should hold live updates until loaded, then send token, settings, filters, page in order', async () => {
    const controller = createEmbedController(input());
    controller.mount(bed.service, bed.element);
    await bed.settle();
    controller.update(
      input(
        reportConfig({
          accessToken: 'token-2',
          pageName: 'p2',
          filters: [regionFilter(['West'])],
          settings: { navContentPaneEnabled: false },
        }),
      ),
    );
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
    await bed.emit(embeds[0] as Embed<object>, 'loaded');
    await bed.settle();
    expect(bed.calls()).toEqual([
      'POST /report/load',
      'POST /report/token',
      'PATCH /report/settings',
      'PUT /report/filters',
      'PUT /report/pages/active',
    ]);
    expect(bed.harness.log.slice(1).map((p) => p.message.body)).toEqual([
      'token-2',
      { navContentPaneEnabled: false },
      [regionFilter(['West'])],
      { name: 'p2', displayName: null, isActive: true },
    ]);
    expect(embeds).toHaveLength(1);
  });

  it('should do nothing for equal content and load again in the same frame for viewMode', async () => {
    const controller = await mountLoaded();
    const iframe = bed.element.querySelector('iframe');
    controller.update(input());
    await bed.settle();
    expect(bed.calls()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 120)); // past the core's 100 ms load throttle
    controller.update(input(reportConfig({ viewMode: 1 })));
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(bed.element.querySelector('iframe')).toBe(iframe);
    expect(embeds[1]).toBe(embeds[0]);
  });

  it('should reset the element and embed a new component when the id changes', async () => {
    const controller = await mountLoaded();
    const iframe = bed.element.querySelector('iframe');
    controller.update(input(reportConfig({ id: 'r2', embedUrl: REPORT2_URL })));
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(bed.element.querySelectorAll('iframe')).toHaveLength(1);
    expect(bed.element.querySelector('iframe')).not.toBe(iframe);
    expect(embeds).toHaveLength(2);
    expect(embeds[1]).not.toBe(embeds[0]);
    expect(controller.getSnapshot()).toMatchObject({ embed: embeds[1], status: 'loading' });
    expect(bed.service.getEmbeds()).toEqual([embeds[1]]);
  });

  it('should report a refused live update to the Service onError, unchanged', async () => {
    const controller = await mountLoaded();
    const refusal = { message: 'PowerBIEntityNotFound', detailedMessage: 'no such page' };
    bed.harness.app = () => ({ statusCode: 404, body: refusal });
    controller.update(input(reportConfig({ pageName: 'missing' })));
    await bed.settle();
    expect(bed.errors).toEqual([refusal]);
  });

  it('should call the latest handler through one stable listener and unsubscribe removed names', async () => {
    const seen: string[] = [];
    const withHandler = (label: string): EmbedControllerInput => ({
      ...input(),
      eventHandlers: { loaded: () => seen.push(label), rendered: () => seen.push('rendered') },
    });
    const controller = createEmbedController(withHandler('first'));
    controller.mount(bed.service, bed.element);
    const report = embeds[0] as Report;
    report.on('rendered', () => seen.push('own'));
    controller.update(withHandler('second'));
    controller.update({
      ...withHandler('third'),
      eventHandlers: new Map([['loaded', () => seen.push('third')]]),
    });
    const count = (name: string) =>
      report.eventHandlers.filter((h) => h.test({ name, type: '', id: '', value: undefined }))
        .length;
    expect(count('loaded')).toBe(1);
    await bed.settle();
    await bed.emit(report, 'loaded');
    await bed.emit(report, 'rendered');
    expect(seen).toEqual(['third', 'own']);
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should report event names the core refuses once, by default like powerbi-client-react', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handlers = new Map<string, EmbedEventHandler>([
      ['tileClicked', () => undefined],
      ['nope', () => undefined],
      ['pageChanged', () => undefined],
    ]);
    const tile = {
      type: 'tile',
      id: 't1',
      dashboardId: 'd1',
      embedUrl: 'https://app.powerbi.com/embed?dashboardId=d1&tileId=t1',
      accessToken: 'token-1',
    };
    const controller = createEmbedController({ config: tile, eventHandlers: handlers });
    controller.mount(bed.service, bed.element);
    controller.update({ config: tile, eventHandlers: new Map(handlers) });
    expect(error.mock.calls).toEqual([['Following events are invalid: nope,pageChanged']]);

    const reported: string[][] = [];
    const custom = createEmbedController(
      { config: reportConfig(), eventHandlers: { nope: () => undefined } },
      { onInvalidEvents: (names) => reported.push(names) },
    );
    custom.mount(bed.service, document.body.appendChild(document.createElement('div')));
    expect(reported).toEqual([['nope']]);
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('should call the latest inline event hook without reloading', async () => {
    const calls: string[] = [];
    const withHook = (label: string) =>
      input(
        reportConfig({
          eventHooks: {
            applicationContextProvider: () => {
              calls.push(label);
              return { label };
            },
          },
        }),
      );
    const controller = await mountLoaded(withHook('first'));
    controller.update(withHook('second'));
    await bed.settle();
    expect(bed.calls()).toEqual([]);
    const report = embeds[0] as Report;
    const reply = await bed
      .frameOf(report)
      .post(`/reports/${report.config.uniqueId}/eventHooks/preQuery`, {});
    expect(reply).toMatchObject({ statusCode: 200, body: { label: 'second' } });
    expect(calls).toEqual(['second']);
  });

  it('should leave nothing behind on unmount and embed once after mount, unmount, mount', async () => {
    const seen: string[] = [];
    const controller = createEmbedController({
      ...input(),
      eventHandlers: { loaded: () => seen.push('loaded') },
    });
    const states: EmbedStatus[] = [];
    controller.subscribe(() => states.push(controller.getSnapshot().status));
    controller.mount(bed.service, bed.element);
    controller.unmount();
    controller.mount(bed.service, bed.element);
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(bed.service.getEmbeds()).toEqual([embeds[1]]);
    await bed.emit(embeds[1] as Embed<object>, 'loaded');
    expect(seen).toEqual(['loaded']);

    controller.unmount();
    expect(controller.getSnapshot()).toEqual({
      embed: undefined,
      status: 'idle',
      error: undefined,
    });
    // Consecutive equal statuses collapsed: a reset notifies for the status and for the component.
    expect(states.filter((s, i) => s !== states[i - 1])).toEqual([
      'loading',
      'idle',
      'loading',
      'loaded',
      'idle',
    ]);
    expect(bed.element.querySelector('iframe')).toBeNull();
    expect(bed.service.getNumberOfComponents()).toBe(0);
    expect(bed.service.router.routeCount).toBe(bed.baseline.routes);
    expect(bed.service.wpmp.handlerCount).toBe(bed.baseline.handlers);
    expect((embeds[1] as Embed<object>).eventHandlers).toHaveLength(0);
    // Updates while unmounted only keep the input.
    controller.update(input(reportConfig({ pageName: 'p2' })));
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should unmount first when mounted again, and prepare reports with phasedEmbedding', async () => {
    const controller = createEmbedController({ ...input(), phasedEmbedding: true });
    controller.mount(bed.service, bed.element);
    const other = document.body.appendChild(document.createElement('div'));
    controller.mount(bed.service, other);
    await bed.settle();
    expect(bed.element.querySelector('iframe')).toBeNull();
    expect(other.querySelectorAll('iframe')).toHaveLength(1);
    expect(bed.calls()).toEqual(['POST /report/prepare']);
    expect(bed.service.getNumberOfComponents()).toBe(1);
  });

  it('should throw core errors unchanged and not retry the refused config on every update', () => {
    const bad = input(reportConfig({ embedUrl: 'https://evil.example.com/reportEmbed' }));
    const controller = createEmbedController(bad);
    expect(() => controller.mount(bed.service, bed.element)).toThrow(
      'Invalid embed URL detected. Either URL hostname or protocol are invalid. Please use Power BI REST APIs to get the valid URL',
    );
    expect(() => controller.update(bad)).not.toThrow();
    expect(controller.getSnapshot().status).toBe('idle');
  });

  it('should name a configuration that is not an object instead of failing with a TypeError', async () => {
    const invalid = { code: 'InvalidArgument' };
    expect(() =>
      createEmbedController({ config: null } as unknown as EmbedControllerInput),
    ).toThrow(
      expect.objectContaining({ ...invalid, message: expect.stringMatching(/received null/) }),
    );
    const controller = await mountLoaded();
    expect(() =>
      controller.update({ config: 'report' } as unknown as EmbedControllerInput),
    ).toThrow(expect.objectContaining(invalid));
    // The refused input changed nothing: the same component is still shown and loaded.
    expect(controller.getSnapshot()).toMatchObject({ embed: embeds[0], status: 'loaded' });
    expect(() =>
      embedFromConfig(bed.service, bed.element, undefined as unknown as Record<string, unknown>),
    ).toThrow(
      expect.objectContaining({ ...invalid, message: expect.stringMatching(/^embedFromConfig:/) }),
    );
  });
});
