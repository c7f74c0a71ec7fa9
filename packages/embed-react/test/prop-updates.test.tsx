import type { Embed, Report } from '@canopy/embed-core';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PowerBIEmbed } from '../src/index.ts';
import {
  DASHBOARD_URL,
  EmbedTestBed,
  REPORT2_URL,
  regionFilter,
  reportConfig,
} from './support/embed-harness.ts';

describe('PowerBIEmbed prop changes', () => {
  let bed: EmbedTestBed;
  let embeds: Embed<object>[];

  /** Mounts a report, lets it load and reports `loaded`, then forgets the calls so far. */
  async function mountLoaded(config: Record<string, unknown> = reportConfig()) {
    const view = render(
      <PowerBIEmbed
        embedConfig={config}
        service={bed.service}
        getEmbeddedComponent={(e) => embeds.push(e)}
      />,
    );
    await bed.waitForCall('POST /report/load');
    await bed.emit(embeds[0] as Embed<object>, 'loaded');
    bed.harness.clear();
    const iframe = view.container.querySelector('iframe');
    const rerender = async (next: Record<string, unknown>) => {
      view.rerender(
        <PowerBIEmbed
          embedConfig={next}
          service={bed.service}
          getEmbeddedComponent={(e) => embeds.push(e)}
        />,
      );
      await bed.settle();
    };
    return { ...view, iframe, rerender };
  }

  beforeEach(() => {
    bed = new EmbedTestBed();
    embeds = [];
  });

  afterEach(() => bed.dispose());

  it('should send a new token with POST /report/token and not reload', async () => {
    const view = await mountLoaded();
    await view.rerender(reportConfig({ accessToken: 'token-2' }));
    expect(bed.calls()).toEqual(['POST /report/token']);
    expect(bed.requests('POST /report/token')[0]?.message.body).toBe('token-2');
    expect(view.container.querySelector('iframe')).toBe(view.iframe);
    expect(embeds).toHaveLength(1);
    expect(embeds[0]?.config.accessToken).toBe('token-2');
  });

  it('should patch changed settings with PATCH /report/settings', async () => {
    const view = await mountLoaded();
    await view.rerender(reportConfig({ settings: { filterPaneEnabled: false } }));
    expect(bed.calls()).toEqual(['PATCH /report/settings']);
    expect(bed.requests('PATCH /report/settings')[0]?.message.body).toEqual({
      filterPaneEnabled: false,
    });
  });

  it('should replace the filters with PUT /report/filters, and clear them when removed', async () => {
    const view = await mountLoaded();
    await view.rerender(reportConfig({ filters: [regionFilter(['East'])] }));
    await view.rerender(reportConfig());
    expect(bed.calls()).toEqual(['PUT /report/filters', 'PUT /report/filters']);
    expect(bed.harness.log.map((p) => p.message.body)).toEqual([[regionFilter(['East'])], []]);
  });

  it('should switch pages with PUT /report/pages/active', async () => {
    const view = await mountLoaded();
    await view.rerender(reportConfig({ pageName: 'ReportSection2' }));
    expect(bed.calls()).toEqual(['PUT /report/pages/active']);
    expect(bed.harness.log[0]?.message.body).toEqual({
      name: 'ReportSection2',
      displayName: null,
      isActive: true,
    });
  });

  it('should apply several changes of one render in order: token, settings, filters, page', async () => {
    const view = await mountLoaded();
    await view.rerender(
      reportConfig({
        accessToken: 'token-2',
        pageName: 'p2',
        filters: [regionFilter(['West'])],
        settings: { navContentPaneEnabled: false },
      }),
    );
    expect(bed.calls()).toEqual([
      'POST /report/token',
      'PATCH /report/settings',
      'PUT /report/filters',
      'PUT /report/pages/active',
    ]);
  });

  it('should hold live updates until the report has loaded', async () => {
    const view = render(
      <PowerBIEmbed
        embedConfig={reportConfig()}
        service={bed.service}
        getEmbeddedComponent={(e) => embeds.push(e)}
      />,
    );
    await bed.settle();
    view.rerender(
      <PowerBIEmbed embedConfig={reportConfig({ pageName: 'p2' })} service={bed.service} />,
    );
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
    await bed.emit(embeds[0] as Embed<object>, 'loaded');
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load', 'PUT /report/pages/active']);
  });

  it('should report a refused live update to the Service onError, unchanged', async () => {
    const view = await mountLoaded();
    const refusal = { message: 'PowerBIEntityNotFound', detailedMessage: 'no such page' };
    bed.harness.app = () => ({ statusCode: 404, body: refusal });
    await view.rerender(reportConfig({ pageName: 'missing' }));
    expect(bed.errors).toEqual([refusal]);
  });

  it('should embed a new component and frame when the report id or URL changes', async () => {
    const view = await mountLoaded();
    const first = embeds[0] as Report;
    await view.rerender(reportConfig({ id: 'r2', embedUrl: REPORT2_URL }));
    const iframes = view.container.querySelectorAll('iframe');
    expect(iframes).toHaveLength(1);
    expect(iframes[0]).not.toBe(view.iframe);
    expect(iframes[0]?.getAttribute('src')).toContain('reportId=r2');
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(embeds).toHaveLength(2);
    expect(embeds[1]).not.toBe(first);
    expect(bed.service.getNumberOfComponents()).toBe(1);
  });

  it('should embed a new component when the type changes', async () => {
    const view = await mountLoaded();
    await view.rerender({
      ...reportConfig(),
      type: 'dashboard',
      id: 'd1',
      embedUrl: DASHBOARD_URL,
    });
    expect(bed.calls()).toEqual(['POST /dashboard/load']);
    expect(embeds[1]?.embedtype).toBe('dashboard');
    expect(view.container.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('should load again in the same frame for a change no live call covers (viewMode)', async () => {
    const view = await mountLoaded();
    await bed.settle(120); // past the core's 100 ms load throttle
    await view.rerender(reportConfig({ viewMode: 1 }));
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(bed.harness.log[0]?.message.body).toMatchObject({ viewMode: 1 });
    expect(view.container.querySelector('iframe')).toBe(view.iframe);
    expect(embeds[1]).toBe(embeds[0]);
  });

  it('should not reload for inline event hooks and call the latest hook', async () => {
    const calls: string[] = [];
    const withHook = (label: string) =>
      reportConfig({
        eventHooks: {
          applicationContextProvider: () => {
            calls.push(label);
            return { label };
          },
        },
      });
    const view = await mountLoaded(withHook('first'));
    await view.rerender(withHook('second'));
    expect(bed.calls()).toEqual([]);
    const report = embeds[0] as Report;
    const reply = (await bed
      .frameOf(report)
      .post(`/reports/${report.config.uniqueId}/eventHooks/preQuery`, {})) as {
      statusCode: number;
      body: unknown;
    };
    expect(reply).toMatchObject({ statusCode: 200, body: { label: 'second' } });
    expect(calls).toEqual(['second']);
  });

  it('should do nothing while the token is missing', async () => {
    const view = await mountLoaded();
    await view.rerender(reportConfig({ accessToken: undefined, pageName: 'p9' }));
    expect(bed.calls()).toEqual([]);
  });
});
