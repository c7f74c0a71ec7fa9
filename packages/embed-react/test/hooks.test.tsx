import { Report, factories, service as pbi, type EmbedStatus } from '@canopy/embed-core';
import { act, render } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EmbedServiceProvider,
  useEmbedService,
  useReport,
  type UseEmbedResult,
} from '../src/index.ts';
import { EmbedTestBed, reportConfig } from './support/embed-harness.ts';

describe('useReport / useEmbed', () => {
  let bed: EmbedTestBed;

  beforeEach(() => {
    bed = new EmbedTestBed();
  });

  afterEach(() => bed.dispose());

  it('should return the component and its status as the frame reports it', async () => {
    const statuses: EmbedStatus[] = [];
    let result: UseEmbedResult<Report> | undefined;
    function View() {
      result = useReport(reportConfig(), { service: bed.service });
      statuses.push(result.status);
      return <div ref={result.ref} data-status={result.status} />;
    }
    const { container } = render(<View />);
    expect(result?.embed).toBeInstanceOf(Report);
    expect(result?.status).toBe('loading');
    await bed.waitForCall('POST /report/load');
    const report = result?.embed as Report;
    await bed.emit(report, 'loaded');
    expect(container.firstElementChild?.getAttribute('data-status')).toBe('loaded');
    await bed.emit(report, 'rendered');
    expect(result?.status).toBe('rendered');
    const error = { message: 'TokenExpired', detailedMessage: 'The token expired', level: 3 };
    await bed.emit(report, 'error', error);
    expect(result).toMatchObject({ status: 'error', error });
    expect(new Set(statuses)).toEqual(new Set(['idle', 'loading', 'loaded', 'rendered', 'error']));
  });

  it('should stay idle while no container element is attached', () => {
    let withoutRef: UseEmbedResult | undefined;
    function View() {
      withoutRef = useReport(reportConfig(), { service: bed.service });
      return null;
    }
    render(<View />);
    expect(withoutRef).toMatchObject({ embed: undefined, status: 'idle', error: undefined });
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('should embed with the provider Service and let useEmbedService read it', async () => {
    let seen: pbi.Service | undefined;
    function View() {
      seen = useEmbedService();
      const { ref } = useReport(reportConfig());
      return <div ref={ref} />;
    }
    render(
      <EmbedServiceProvider service={bed.service}>
        <View />
      </EmbedServiceProvider>,
    );
    expect(seen).toBe(bed.service);
    expect(bed.service.getNumberOfComponents()).toBe(1);
    await bed.settle();
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should prefer the service option over the provider', () => {
    const other = new pbi.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
    );
    function View() {
      const { ref } = useReport(reportConfig(), { service: bed.service });
      return <div ref={ref} />;
    }
    render(
      <EmbedServiceProvider service={other}>
        <View />
      </EmbedServiceProvider>,
    );
    expect(bed.service.getNumberOfComponents()).toBe(1);
    expect(other.getNumberOfComponents()).toBe(0);
    other.destroy();
  });

  it('should use one default Service for every component without provider or option', () => {
    const services: pbi.Service[] = [];
    function View() {
      const service = useEmbedService();
      services.push(service);
      const { ref } = useReport(reportConfig());
      return <div ref={ref} />;
    }
    const { unmount } = render(
      <>
        <View />
        <View />
      </>,
    );
    const [first] = services;
    expect(services.every((s) => s === first)).toBe(true);
    expect(first?.getNumberOfComponents()).toBe(2);
    unmount();
    expect(first?.getNumberOfComponents()).toBe(0);
  });

  it('should embed when the container appears later and reset when it goes', () => {
    let setShown: (shown: boolean) => void = () => undefined;
    function View() {
      const [shown, set] = useState(false);
      setShown = set;
      const { ref, status } = useReport(reportConfig(), { service: bed.service });
      return shown ? <div ref={ref} data-status={status} /> : <p>{status}</p>;
    }
    const { container } = render(<View />);
    expect(container.textContent).toBe('idle');
    act(() => setShown(true));
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    act(() => setShown(false));
    expect(bed.service.getNumberOfComponents()).toBe(0);
    expect(container.textContent).toBe('idle');
  });
});
