import type { Embed } from '@canopy/embed-core';
import { act, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PowerBIEmbed } from '../src/index.ts';
import { EmbedTestBed, reportConfig } from './support/embed-harness.ts';

/** `embedDelayMs` and `cleanupDelayMs`: the portal's 100 ms start and 50 ms cleanup. */
describe('PowerBIEmbed embed and cleanup delays', () => {
  let bed: EmbedTestBed;

  beforeEach(() => {
    bed = new EmbedTestBed();
    // Only the timers: the harness's message passing runs on real microtasks and events.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });

  afterEach(() => {
    vi.useRealTimers();
    bed.dispose();
  });

  const iframes = () => document.querySelectorAll('iframe').length;
  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('should embed only once the start delay has passed', () => {
    const embeds: Embed<object>[] = [];
    render(
      <PowerBIEmbed
        embedConfig={reportConfig()}
        service={bed.service}
        embedDelayMs={100}
        getEmbeddedComponent={(e) => embeds.push(e)}
      />,
    );
    advance(99);
    expect(iframes()).toBe(0);
    expect(embeds).toHaveLength(0);
    advance(1);
    expect(iframes()).toBe(1);
    expect(embeds).toHaveLength(1);
  });

  it('should never start a frame when unmounted within the start delay', () => {
    const { unmount } = render(
      <PowerBIEmbed embedConfig={reportConfig()} service={bed.service} embedDelayMs={100} />,
    );
    advance(50);
    unmount();
    advance(500);
    expect(iframes()).toBe(0);
    expect(bed.service.getNumberOfComponents()).toBe(0);
  });

  it('should reset the element only after the cleanup delay', () => {
    const { unmount } = render(
      <PowerBIEmbed embedConfig={reportConfig()} service={bed.service} cleanupDelayMs={50} />,
    );
    expect(bed.service.getNumberOfComponents()).toBe(1);
    unmount();
    advance(49);
    expect(bed.service.getNumberOfComponents()).toBe(1);
    advance(1);
    expect(bed.service.getNumberOfComponents()).toBe(0);
    expect(bed.service.router.routeCount).toBe(bed.baseline.routes);
    expect(bed.service.wpmp.handlerCount).toBe(bed.baseline.handlers);
  });

  it("should keep StrictMode's first component instead of loading twice", async () => {
    const embeds: Embed<object>[] = [];
    render(
      <StrictMode>
        <PowerBIEmbed
          embedConfig={reportConfig()}
          service={bed.service}
          cleanupDelayMs={50}
          getEmbeddedComponent={(e) => embeds.push(e)}
        />
      </StrictMode>,
    );
    advance(100);
    // Without the delay StrictMode's unmount resets the first component and embeds a second one.
    expect(embeds).toHaveLength(1);
    expect(bed.service.getEmbeds()).toEqual(embeds);
    expect(iframes()).toBe(1);
    await bed.waitForCall('POST /report/load');
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should move to a new element at once, without waiting for the old one', () => {
    function Host({ keyed }: { keyed: string }) {
      return (
        <PowerBIEmbed
          key={keyed}
          embedConfig={reportConfig()}
          service={bed.service}
          cleanupDelayMs={50}
        />
      );
    }
    const { rerender } = render(<Host keyed="a" />);
    rerender(<Host keyed="b" />);
    // The old element waits out its delay; the new one embeds now.
    expect(bed.service.getNumberOfComponents()).toBe(2);
    advance(50);
    expect(bed.service.getNumberOfComponents()).toBe(1);
    expect(iframes()).toBe(1);
  });
});
