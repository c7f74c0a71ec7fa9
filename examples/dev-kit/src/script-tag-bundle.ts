import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let cached: Promise<string> | undefined;

/**
 * The script-tag build of embed-core (what `dist/powerbi.js` is made from), bundled in memory from
 * the workspace sources so `pnpm dev` needs no prior `pnpm build` and always serves current code.
 */
export function scriptTagBundle(): Promise<string> {
  cached ??= (async () => {
    const root = dirname(createRequire(import.meta.url).resolve('@canopy/embed-core/package.json'));
    const { build } = await import('esbuild');
    const result = await build({
      entryPoints: [join(root, 'src/script-tag.ts')],
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
  cached.catch(() => {
    cached = undefined;
  });
  return cached;
}
