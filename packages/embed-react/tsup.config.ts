import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2020',
  external: ['react', '@canopy/embed-core'],
  // Components and hooks run on the client only: React Server Components frameworks (Next.js app
  // router) need the directive on the first line of the built file, where bundling would drop it.
  banner: { js: "'use client';" },
});
