import { Dashboard, Report, type Embed } from '@canopy/embed-core';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EmbedType,
  PowerBIEmbed,
  SDK_TYPE,
  SDK_WRAPPER_VERSION,
  type EventHandler,
} from '../src/index.ts';
import pkg from '../package.json' with { type: 'json' };
import { DASHBOARD_URL, EmbedTestBed, REPORT_URL, reportConfig } from './support/embed-harness.ts';

describe('PowerBIEmbed (powerbi-client-react 2.0.x props)', () => {
  let bed: EmbedTestBed;

  beforeEach(() => {
    bed = new EmbedTestBed();
  });

  afterEach(() => bed.dispose());

  it('should render exactly one div with cssClassName and embed one iframe into it', async () => {
    const { container } = render(
      <PowerBIEmbed embedConfig={reportConfig()} cssClassName="report-a b" service={bed.service} />,
    );
    expect(container.children).toHaveLength(1);
    const div = container.firstElementChild as HTMLDivElement;
    expect(div.tagName).toBe('DIV');
    expect(div.className).toBe('report-a b');
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should export EmbedType with the original names and values', () => {
    expect({ ...EmbedType }).toEqual({
      Create: 'create',
      Report: 'report',
      Dashboard: 'dashboard',
      Tile: 'tile',
      Qna: 'qna',
      Visual: 'visual',
    });
  });

  it('should send the wrapper type and version in the SDK headers', async () => {
    render(<PowerBIEmbed embedConfig={reportConfig()} service={bed.service} />);
    await bed.settle();
    const [load] = bed.requests('POST /report/load');
    expect(SDK_WRAPPER_VERSION).toBe(pkg.version);
    expect(load?.message.headers).toMatchObject({
      'x-sdk-type': SDK_TYPE,
      'x-sdk-wrapper-version': SDK_WRAPPER_VERSION,
      'x-sdk-version': '2.23.1',
    });
    expect(SDK_TYPE).toBe('@canopy/embed-react');
  });

  it('should hand the component to getEmbeddedComponent with its own type', () => {
    const reports: Embed<object>[] = [];
    const dashboards: Embed<object>[] = [];
    render(
      <>
        <PowerBIEmbed
          embedConfig={reportConfig()}
          service={bed.service}
          getEmbeddedComponent={(e) => reports.push(e)}
        />
        <PowerBIEmbed
          embedConfig={{ ...reportConfig(), type: 'dashboard', id: 'd1', embedUrl: DASHBOARD_URL }}
          service={bed.service}
          getEmbeddedComponent={(e) => dashboards.push(e)}
        />
      </>,
    );
    expect(reports).toHaveLength(1);
    expect(reports[0]).toBeInstanceOf(Report);
    expect(dashboards).toHaveLength(1);
    expect(dashboards[0]).toBeInstanceOf(Dashboard);
  });

  it('should bootstrap without a token and complete the same frame when the token arrives', async () => {
    const bootstrap = { type: 'report', embedUrl: REPORT_URL };
    const seen: Embed<object>[] = [];
    const { container, rerender } = render(
      <PowerBIEmbed
        embedConfig={bootstrap}
        service={bed.service}
        getEmbeddedComponent={(e) => seen.push(e)}
      />,
    );
    const iframe = container.querySelector('iframe');
    expect(iframe).not.toBeNull();
    await bed.settle();
    expect(bed.calls()).toEqual([]);
    rerender(
      <PowerBIEmbed
        embedConfig={reportConfig()}
        service={bed.service}
        getEmbeddedComponent={(e) => seen.push(e)}
      />,
    );
    await bed.settle();
    expect(container.querySelector('iframe')).toBe(iframe);
    expect(bed.calls()).toEqual(['POST /report/load']);
    expect(bed.requests('POST /report/load')[0]?.message.headers).toMatchObject({
      bootstrapped: true,
    });
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
  });

  it('should prepare a report with phasedEmbedding and log for other types', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <>
        <PowerBIEmbed embedConfig={reportConfig()} phasedEmbedding service={bed.service} />
        <PowerBIEmbed
          embedConfig={{ ...reportConfig(), type: 'dashboard', id: 'd1', embedUrl: DASHBOARD_URL }}
          phasedEmbedding
          service={bed.service}
        />
      </>,
    );
    await bed.settle();
    expect(bed.calls().sort()).toEqual(['POST /dashboard/load', 'POST /report/prepare']);
    expect(error).toHaveBeenCalledWith('Phased embedding is not supported for type dashboard');
  });

  it('should open report creation for type create', async () => {
    render(
      <PowerBIEmbed
        embedConfig={{
          type: 'create',
          datasetId: 'ds1',
          accessToken: 'token-1',
          embedUrl: 'https://app.powerbi.com/reportEmbed?groupId=g1',
        }}
        service={bed.service}
      />,
    );
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/create']);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(bed.requests('POST /report/create')[0]?.message.body).toMatchObject({
      datasetId: 'ds1',
    });
  });

  it('should not touch the frame for a new config object with equal content', async () => {
    const { rerender } = render(
      <PowerBIEmbed embedConfig={reportConfig()} service={bed.service} />,
    );
    await bed.settle();
    rerender(<PowerBIEmbed embedConfig={reportConfig()} service={bed.service} />);
    rerender(<PowerBIEmbed embedConfig={reportConfig()} service={bed.service} />);
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should report invalid event names once with console.error, like the original', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handlers = new Map<string, EventHandler>([
      ['loaded', () => undefined],
      ['invalidEvent1', () => undefined],
      ['pageChanged', () => undefined],
      ['invalidEvent2', () => undefined],
    ]);
    const tile = {
      type: 'tile',
      id: 't1',
      dashboardId: 'd1',
      embedUrl: 'https://app.powerbi.com/embed?dashboardId=d1&tileId=t1',
      accessToken: 'token-1',
    };
    const { rerender } = render(
      <PowerBIEmbed embedConfig={tile} eventHandlers={handlers} service={bed.service} />,
    );
    rerender(
      <PowerBIEmbed embedConfig={tile} eventHandlers={new Map(handlers)} service={bed.service} />,
    );
    await bed.settle();
    // pageChanged is a report event: the core refuses it for a tile, so it is reported too.
    expect(error.mock.calls).toEqual([
      ['Following events are invalid: invalidEvent1,pageChanged,invalidEvent2'],
    ]);
  });

  it('should reset the element on unmount: no iframe, no component left in the Service', async () => {
    const { container, unmount } = render(
      <PowerBIEmbed embedConfig={reportConfig()} service={bed.service} />,
    );
    const div = container.firstElementChild as HTMLDivElement;
    await bed.settle();
    expect(bed.service.getNumberOfComponents()).toBe(1);
    unmount();
    expect(div.querySelector('iframe')).toBeNull();
    expect(bed.service.getNumberOfComponents()).toBe(0);
    expect(bed.service.router.routeCount).toBe(bed.baseline.routes);
  });
});
