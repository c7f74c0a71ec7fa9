// @vitest-environment node
import { createElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';

const BROWSER_GLOBALS = ['window', 'self', 'document', 'navigator', 'HTMLElement', 'MessageEvent'];

/** Makes reading any browser global (even `typeof window`) a recorded access. */
function trapBrowserGlobals(): { touched: string[]; restore: () => void } {
  const touched: string[] = [];
  const saved = BROWSER_GLOBALS.map(
    (name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const,
  );
  for (const name of BROWSER_GLOBALS) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get() {
        touched.push(name);
        return undefined;
      },
    });
  }
  const restore = () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  };
  return { touched, restore };
}

describe('server rendering', () => {
  let restore = () => undefined as void;
  afterEach(() => restore());

  it('should import and render to a string without touching browser globals', async () => {
    const trap = trapBrowserGlobals();
    restore = trap.restore;
    // The trap works: even a typeof check is recorded.
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(trap.touched.splice(0)).toEqual(['window']);
    const { PowerBIEmbed, useReport } = await import('../src/index.ts');
    // The workspace source of embed-core is under test, not a stale build in its dist/.
    const core = await import('@canopy/embed-core');
    expect(typeof core.trackEmbedStatus).toBe('function');
    function HookView() {
      const { ref, status, embed } = useReport({
        id: 'r1',
        embedUrl: 'https://app.powerbi.com/reportEmbed',
        accessToken: 't',
      });
      return createElement('section', {
        ref,
        'data-status': status,
        'data-embed': embed === undefined ? 'none' : 'some',
      });
    }
    const html = renderToString(
      createElement(
        StrictMode,
        null,
        createElement(PowerBIEmbed, {
          embedConfig: {
            type: 'report',
            id: 'r1',
            embedUrl: 'https://app.powerbi.com/reportEmbed',
            accessToken: 't',
          },
          cssClassName: 'report',
        }),
        createElement(HookView),
      ),
    );
    expect(html).toBe(
      '<div class="report"></div><section data-status="idle" data-embed="none"></section>',
    );
    expect(trap.touched).toEqual([]);
  });
});
