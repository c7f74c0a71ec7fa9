import type { Embed } from '@canopy/embed-core';
import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PowerBIEmbed, type EventHandler } from '../src/index.ts';
import { EmbedTestBed, reportConfig } from './support/embed-harness.ts';

describe('PowerBIEmbed under StrictMode', () => {
  let bed: EmbedTestBed;

  beforeEach(() => {
    bed = new EmbedTestBed();
  });

  afterEach(() => bed.dispose());

  it('should hold exactly one embed after mount and leave nothing behind after unmount', async () => {
    const seen: string[] = [];
    const embeds: Embed<object>[] = [];
    const handlers = new Map<string, EventHandler>([['loaded', () => seen.push('loaded')]]);
    const { container, unmount } = render(
      <StrictMode>
        <PowerBIEmbed
          embedConfig={reportConfig()}
          eventHandlers={handlers}
          service={bed.service}
          getEmbeddedComponent={(e) => embeds.push(e)}
        />
      </StrictMode>,
    );
    const div = container.firstElementChild as HTMLDivElement;
    await bed.settle();
    // StrictMode mounts, unmounts and mounts again: the first component is reset before its frame loads.
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(bed.service.getNumberOfComponents()).toBe(1);
    expect(bed.calls()).toEqual(['POST /report/load']);
    const live = embeds.at(-1) as Embed<object>;
    expect(bed.service.getEmbeds()).toEqual([live]);

    // Handlers survive the double mount (powerbi-client-react < 1.4 lost them here).
    await bed.emit(live, 'loaded');
    expect(seen).toEqual(['loaded']);

    unmount();
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(bed.service.getNumberOfComponents()).toBe(0);
    expect(bed.service.router.routeCount).toBe(bed.baseline.routes);
    expect(bed.service.wpmp.handlerCount).toBe(bed.baseline.handlers);
    expect(bed.service.wpmp.pendingCount).toBe(0);
    expect(live.eventHandlers).toHaveLength(0);
    // The container no longer reacts to the component's events.
    div.dispatchEvent(new CustomEvent('loaded'));
    expect(seen).toEqual(['loaded']);
  });
});
