import { defineConfig } from 'tsup';
import pkg from './package.json' with { type: 'json' };

const banner = {
  js: `// @canopy/embed-core v${pkg.version} (powerbi-client 2.23.1 compatible) | MIT`,
};

export default defineConfig([
  {
    // Library entries: ESM + CJS + declarations. powerbi-models stays an external dependency.
    entry: { index: 'src/index.ts', global: 'src/global.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2020',
    treeshake: true,
    banner,
  },
  {
    // Script-tag builds: one self-contained file each, readable and minified.
    entry: { powerbi: 'src/script-tag.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    noExternal: [/.*/],
    target: 'es2018',
    sourcemap: true,
    banner,
  },
  {
    entry: { 'powerbi.min': 'src/script-tag.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    noExternal: [/.*/],
    target: 'es2018',
    minify: true,
    sourcemap: true,
    banner,
  },
]);
