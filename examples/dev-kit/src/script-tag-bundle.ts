import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The script-tag builds of embed-core, by the path they are served at, and their sources. */
export const SCRIPT_TAG_BUILDS: Record<string, string> = {
  '/powerbi.js': 'src/script-tag.ts',
  '/powerbi-elements.js': 'src/elements/script-tag.ts',
};

const cache = new Map<string, Promise<string>>();

/**
 * A script-tag build of embed-core (what `dist/powerbi.js` or `dist/powerbi-elements.js` is made
 * from), bundled in memory from the workspace sources so `pnpm dev` needs no prior `pnpm build` and
 * always serves current code.
 */
export function scriptTagBundle(source = 'src/script-tag.ts'): Promise<string> {
  let cached = cache.get(source);
  cached ??= (async () => {
    const root = dirname(createRequire(import.meta.url).resolve('@canopy/embed-core/package.json'));
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(root, source)],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2018',
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild produced no output for the script-tag build');
    return output.text;
  })();
  cache.set(source, cached);
  cached.catch(() => cache.delete(source));
  return cached;
}
