import type { Embed, ICustomEvent, Report } from '@canopy/embed-core';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PowerBIEmbed, type EventHandler } from '../src/index.ts';
import { EmbedTestBed, reportConfig } from './support/embed-harness.ts';

describe('PowerBIEmbed eventHandlers', () => {
  let bed: EmbedTestBed;
  let report: Report;
  let view: ReturnType<typeof render>;

  const mount = (handlers?: Map<string, EventHandler>) => {
    view = render(
      <PowerBIEmbed
        embedConfig={reportConfig()}
        eventHandlers={handlers}
        service={bed.service}
        getEmbeddedComponent={(e) => (report = e as Report)}
      />,
    );
  };
  const rerender = (handlers?: Map<string, EventHandler>) =>
    view.rerender(
      <PowerBIEmbed embedConfig={reportConfig()} eventHandlers={handlers} service={bed.service} />,
    );
  /** Listeners the component holds for `name`, as the core counts them. */
  const listeners = (name: string) =>
    report.eventHandlers.filter((h) => h.test({ name, type: '', id: '', value: undefined })).length;

  beforeEach(() => {
    bed = new EmbedTestBed();
  });

  afterEach(() => bed.dispose());

  it('should call the handler with the event and the component', async () => {
    const received: Array<[ICustomEvent<unknown> | undefined, Embed<object> | undefined]> = [];
    mount(new Map([['pageChanged', (event, embed) => received.push([event, embed])]]));
    await bed.settle();
    await bed.emit(report, 'pageChanged', { newPage: { name: 'p2', displayName: 'Two' } });
    expect(received).toHaveLength(1);
    expect((received[0]?.[0]?.detail as { newPage: { name: string } }).newPage.name).toBe('p2');
    expect(received[0]?.[1]).toBe(report);
  });

  it('should call the latest inline arrow without resubscribing on each render', async () => {
    const seen: string[] = [];
    const handlersFor = (label: string) =>
      new Map<string, EventHandler>([['loaded', () => seen.push(label)]]);
    mount(handlersFor('render-1'));
    rerender(handlersFor('render-2'));
    rerender(handlersFor('render-3'));
    expect(listeners('loaded')).toBe(1);
    await bed.settle();
    await bed.emit(report, 'loaded');
    expect(seen).toEqual(['render-3']);
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should subscribe a handler added later without re-embedding', async () => {
    const seen: string[] = [];
    mount(new Map());
    rerender(new Map([['rendered', () => seen.push('rendered')]]));
    await bed.settle();
    await bed.emit(report, 'rendered');
    expect(seen).toEqual(['rendered']);
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should unsubscribe on null and when the entry is removed from the map', async () => {
    const seen: string[] = [];
    mount(
      new Map<string, EventHandler>([
        ['loaded', () => seen.push('loaded')],
        ['rendered', () => seen.push('rendered')],
      ]),
    );
    rerender(new Map<string, EventHandler>([['loaded', null]]));
    expect(listeners('loaded')).toBe(0);
    expect(listeners('rendered')).toBe(0);
    await bed.settle();
    await bed.emit(report, 'loaded');
    await bed.emit(report, 'rendered');
    expect(seen).toEqual([]);
  });

  it("should leave the app's own listeners alone", async () => {
    const seen: string[] = [];
    mount(new Map([['loaded', () => seen.push('prop')]]));
    report.on('loaded', () => seen.push('own'));
    rerender(new Map());
    await bed.settle();
    await bed.emit(report, 'loaded');
    expect(seen).toEqual(['own']);
  });

  it('should move the handlers to the new component after a re-embed', async () => {
    const seen: string[] = [];
    const handlers = new Map<string, EventHandler>([
      ['loaded', (_e, embed) => seen.push((embed?.config as { id?: string }).id ?? '')],
    ]);
    mount(handlers);
    await bed.settle();
    view.rerender(
      <PowerBIEmbed
        embedConfig={reportConfig({
          id: 'r2',
          embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r2',
        })}
        eventHandlers={handlers}
        service={bed.service}
        getEmbeddedComponent={(e) => (report = e as Report)}
      />,
    );
    await bed.settle();
    await bed.emit(report, 'loaded');
    expect(seen).toEqual(['r2']);
    expect(listeners('loaded')).toBe(1);
  });
});
