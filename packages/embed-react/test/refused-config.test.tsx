import { EmbedErrorCode } from '@canopy/embed-core';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PowerBIEmbed, useEmbed } from '../src/index.ts';
import { EmbedTestBed, reportConfig } from './support/embed-harness.ts';

const EMULATOR_URL = 'http://localhost:5300/reportEmbed?reportId=r1';

describe('a configuration the core refuses at once', () => {
  let bed: EmbedTestBed;

  beforeEach(() => {
    bed = new EmbedTestBed();
  });

  afterEach(() => bed.dispose());

  it('should show the error in its container and leave the rest of the page alone', async () => {
    const { container, rerender } = render(
      <main>
        <h1>Sales</h1>
        <PowerBIEmbed
          embedConfig={reportConfig({ embedUrl: EMULATOR_URL })}
          cssClassName="report"
          service={bed.service}
        />
      </main>,
    );
    expect(container.querySelector('h1')?.textContent).toBe('Sales');
    const div = container.querySelector('.report') as HTMLDivElement;
    const alert = div.querySelector('[role="alert"]') as HTMLElement;
    expect(alert.getAttribute('data-code')).toBe(EmbedErrorCode.UntrustedOrigin);
    expect(alert.textContent).toContain('origin http://localhost:5300 is not trusted');
    expect(alert.textContent).toContain('trustedOrigins');
    expect(div.querySelector('iframe')).toBeNull();

    // A configuration the core accepts replaces the notice with the report.
    rerender(
      <main>
        <h1>Sales</h1>
        <PowerBIEmbed embedConfig={reportConfig()} cssClassName="report" service={bed.service} />
      </main>,
    );
    await bed.settle();
    expect(div.querySelector('[role="alert"]')).toBeNull();
    expect(div.querySelectorAll('iframe')).toHaveLength(1);
    expect(bed.calls()).toEqual(['POST /report/load']);
  });

  it('should report status "error" with the thrown error from useEmbed, and clear it on unmount', () => {
    const seen: Array<{ status: string; code: unknown }> = [];
    function Probe() {
      const state = useEmbed(reportConfig({ embedUrl: EMULATOR_URL }), { service: bed.service });
      seen.push({ status: state.status, code: (state.error as { code?: unknown })?.code });
      return <div ref={state.ref} data-testid="c" />;
    }
    const { getByTestId, unmount } = render(<Probe />);
    const div = getByTestId('c');
    expect(seen.at(-1)).toEqual({ status: 'error', code: EmbedErrorCode.UntrustedOrigin });
    expect(div.querySelectorAll('[role="alert"]')).toHaveLength(1);
    unmount();
    expect(div.querySelector('[role="alert"]')).toBeNull();
  });
});
