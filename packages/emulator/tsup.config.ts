import { defineConfig } from 'tsup';

export default defineConfig({
  // Node entries only: the frame script is bundled at run time by the embed-pages plugin.
  entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'node20',
  platform: 'node',
  // Native addon: must be resolved from node_modules at run time, never bundled.
  external: ['@duckdb/node-api', '@duckdb/node-bindings', 'esbuild'],
});
