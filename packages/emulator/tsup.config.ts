import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  // Node entries only. The frame script (browser) is bundled separately into dist/frame.js, which
  // the embed-pages plugin serves when present (the published package has no sources to bundle).
  onSuccess: async () => {
    const { buildFrameBundle } = await import('./src/embed-pages/frame-bundle.ts');
    await writeFile('dist/frame.js', await buildFrameBundle('src/frame/main.ts'));
  },
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
