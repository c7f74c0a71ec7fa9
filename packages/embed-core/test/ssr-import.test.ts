// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';

const BROWSER_GLOBALS = ['window', 'self', 'document', 'navigator', 'HTMLElement', 'CustomEvent'];

/** Makes any read of a browser global during import throw, so a touch cannot go unnoticed. */
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
        throw new ReferenceError(`${name} is not defined`);
      },
    });
  }
  return {
    touched,
    restore() {
      for (const [name, descriptor] of saved) {
        if (descriptor) Object.defineProperty(globalThis, name, descriptor);
        else delete (globalThis as Record<string, unknown>)[name];
      }
    },
  };
}

describe('importing @canopy/embed-core on the server', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('should load every export without touching window, self or document', async () => {
    const trap = trapBrowserGlobals();
    restore = trap.restore;
    const lib = await import('../src/index.ts');
    expect(trap.touched).toEqual([]);
    expect(typeof lib.service.Service).toBe('function');
    expect(typeof lib.Report).toBe('function');
    expect(lib.models.TokenType.Embed).toBe(1);
    expect(
      new lib.BasicFilterBuilder()
        .withColumnTarget('Sales', 'Region')
        .in(['North'])
        .build()
        .toJSON(),
    ).toMatchObject({ operator: 'In', values: ['North'] });
  });

  it('should construct and destroy a Service in Node, where there is no window to listen on', async () => {
    expect(typeof window).toBe('undefined');
    const { factories, service } = await import('../src/index.ts');
    const powerbi = new service.Service(
      factories.hpmFactory,
      factories.wpmpFactory,
      factories.routerFactory,
    );
    expect(powerbi.getSdkSessionId()).toMatch(/^[0-9a-f]{20}$/);
    expect(powerbi.getNumberOfComponents()).toBe(0);
    expect(() => powerbi.destroy()).not.toThrow();
  });
});

describe('importing @canopy/embed-core/elements on the server', () => {
  let restore: (() => void) | undefined;
  afterEach(() => restore?.());

  it('should define nothing and touch no browser global', async () => {
    expect(typeof customElements).toBe('undefined');
    const trap = trapBrowserGlobals();
    restore = trap.restore;
    const elements = await import('../src/elements.ts');
    expect(trap.touched).toEqual([]);
    expect(typeof elements.defineElements).toBe('function');
    expect(Object.keys(elements.ELEMENT_KINDS)).toContain('powerbi-report');
  });
});
