/**
 * Resolution shared by every test project: workspace packages resolve to their TypeScript sources
 * through the `@canopy/source` export condition, so `pnpm test` works without a build and never
 * tests a stale `dist/`. vitest resolves node-environment files through the SSR graph, which has
 * its own conditions, so both lists carry it (each keeps Vite's defaults after it).
 */
export const sourceConditions = {
  resolve: { conditions: ['@canopy/source', 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: ['@canopy/source', 'module', 'node', 'development|production'] } },
};

/**
 * happy-dom options for projects that embed iframes. happy-dom does not load iframe pages by default
 * and logs a DOMException with a stack for every iframe that has a `src` (thousands per run). With
 * page loading on but child-frame navigation off, an iframe "loads" without any network request:
 * it gets its URL and a real `load` event, as in a browser, and nothing is logged.
 */
export const happyDomIframes = {
  happyDOM: {
    settings: {
      enableIframePageLoading: true,
      navigation: { disableChildFrameNavigation: true },
    },
  },
};
