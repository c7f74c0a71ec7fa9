import { defineConfig, type Options } from 'tsup';
import pkg from './package.json' with { type: 'json' };

const banner = {
  js: `// @canopy/embed-core v${pkg.version} (powerbi-client 2.23.1 compatible) | MIT`,
};

const publicEntries = {
  index: 'src/index.ts',
  global: 'src/global.ts',
};

/**
 * ESM library: every source module is an entry, so the output keeps one file per module (plus
 * shared chunks). A bundler that imports one export then keeps only the modules it reaches; with one
 * big chunk, a single impure statement or the powerbi-models import kept everything. powerbi-models
 * stays an external dependency. `root` lets the bundle-size test build into a folder of its own.
 */
export function esmLibrary(root = '.'): Options {
  return {
    entry: [`${root}/src/**/*.ts`, `!${root}/src/**/script-tag.ts`],
    format: ['esm'],
    splitting: true,
    target: 'es2020',
    treeshake: true,
    banner,
  };
}

export default defineConfig([
  {
    ...esmLibrary(),
    dts: { entry: publicEntries },
    sourcemap: true,
    clean: true,
  },
  {
    // CommonJS library: the elements entry. Its declarations are made on their own (below).
    entry: { elements: 'src/elements.ts' },
    format: ['cjs'],
    sourcemap: true,
    target: 'es2020',
    treeshake: true,
    banner,
  },
  {
    // The elements entry's declarations, alone: built with the others, the shared declaration chunk
    // broke the `service` namespace of index.d.ts. They import the main entry's types by name.
    entry: { elements: 'src/elements.ts' },
    format: ['esm', 'cjs'],
    dts: { only: true },
    external: ['@canopy/embed-core'],
  },
  {
    // CommonJS library: one file per public entry (CommonJS consumers do not tree-shake).
    entry: publicEntries,
    format: ['cjs'],
    dts: true,
    sourcemap: true,
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
    entry: { 'powerbi-elements': 'src/elements/script-tag.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    noExternal: [/.*/],
    target: 'es2018',
    sourcemap: true,
    banner,
  },
  {
    entry: { 'powerbi-elements.min': 'src/elements/script-tag.ts' },
    format: ['iife'],
    outExtension: () => ({ js: '.js' }),
    noExternal: [/.*/],
    target: 'es2018',
    minify: true,
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
