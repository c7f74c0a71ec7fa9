import { writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

export default defineConfig({
  // Node entries only. The browser scripts (the embed pages' frame, the landing page's preview) are
  // bundled separately into dist/frame.js and dist/preview.js, which the emulator serves when present
  // (the published package has no sources to bundle).
  onSuccess: async () => {
    const { buildBrowserScript, browserScriptEntry } =
      await import('./src/embed-pages/frame-bundle.ts');
    for (const name of ['frame', 'preview'] as const) {
      await writeFile(`dist/${name}.js`, await buildBrowserScript(browserScriptEntry(name)));
    }
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
