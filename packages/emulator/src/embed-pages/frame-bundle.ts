import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * Where the frame script comes from: `dist/frame.js` written by the package build (the published
 * package ships no sources), else the sources — next to this file when running from `src`, or
 * `../src` when running a local `dist` build inside the repository.
 */
function locate(): { prebuilt?: string; entry: string } {
  const prebuilt = fileURLToPath(new URL('./frame.js', import.meta.url));
  const fromSource = fileURLToPath(new URL('../frame/main.ts', import.meta.url));
  const fromDist = fileURLToPath(new URL('../src/frame/main.ts', import.meta.url));
  const entry = existsSync(fromSource) ? fromSource : fromDist;
  return existsSync(prebuilt) ? { prebuilt, entry } : { entry };
}

/** Bundles `src/frame/main.ts` (ECharts, powerbi-models, the message libraries) into one IIFE. */
export async function buildFrameBundle(entry = locate().entry): Promise<string> {
  // Imported lazily: esbuild is only needed when the frame script is first requested.
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error('esbuild produced no output for the frame script');
  return output.text;
}

let cached: Promise<string> | undefined;

/**
 * The frame script, built once per process and shared by every app instance. A failed build is not
 * cached, so fixing the sources and requesting again works without a restart.
 */
export function getFrameBundle(): Promise<string> {
  if (!cached) {
    const { prebuilt, entry } = locate();
    cached = prebuilt ? readFile(prebuilt, 'utf8') : buildFrameBundle(entry);
    cached.catch(() => {
      cached = undefined;
    });
  }
  return cached;
}
