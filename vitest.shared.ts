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
