import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The browser scripts the emulator serves, by name, with their entry under `src`: the embed pages'
 * frame script, and the landing page's live preview (which embeds the sample report through
 * @canopy/embed-core, bundled in).
 */
const entries = { frame: 'frame/main.ts', preview: 'landing/preview-main.ts' } as const;
export type BrowserScript = keyof typeof entries;

/**
 * Where a script comes from: `dist/<name>.js` written by the package build (the published package
 * ships no sources), else the sources — under `src` when running from it, or `../src` when running
 * a local `dist` build inside the repository.
 */
function locate(name: BrowserScript): { prebuilt?: string; entry: string } {
  const prebuilt = fileURLToPath(new URL(`./${name}.js`, import.meta.url));
  const fromSource = fileURLToPath(new URL(`../${entries[name]}`, import.meta.url));
  const fromDist = fileURLToPath(new URL(`../src/${entries[name]}`, import.meta.url));
  const entry = existsSync(fromSource) ? fromSource : fromDist;
  return existsSync(prebuilt) ? { prebuilt, entry } : { entry };
}

/** The entry of `name` under the package's `src`, for the package build. */
export const browserScriptEntry = (name: BrowserScript) => `src/${entries[name]}`;

/**
 * Bundles a browser entry (ECharts, powerbi-models, the message libraries; embed-core for the
 * preview) into one IIFE. Workspace packages resolve to their sources, so no build of theirs is
 * needed first.
 */
export async function buildBrowserScript(entry = locate('frame').entry): Promise<string> {
  // Imported lazily: esbuild is only needed when a script is first requested.
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
    conditions: ['@canopy/source'],
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const output = result.outputFiles[0];
  if (!output) throw new Error(`esbuild produced no output for ${entry}`);
  return output.text;
}

const cached = new Map<BrowserScript, Promise<string>>();

/**
 * A browser script, built once per process and shared by every app instance. A failed build is not
 * cached, so fixing the sources and requesting again works without a restart.
 */
export function getBrowserScript(name: BrowserScript): Promise<string> {
  let script = cached.get(name);
  if (!script) {
    const { prebuilt, entry } = locate(name);
    script = prebuilt ? readFile(prebuilt, 'utf8') : buildBrowserScript(entry);
    script.catch(() => cached.delete(name));
    cached.set(name, script);
  }
  return script;
}

/**
 * Response headers of a browser script: never cached (a rebuilt script must be picked up), never
 * sniffed, and same-origin only — the emulator's own pages load these scripts; nobody else needs them.
 */
export const BROWSER_SCRIPT_HEADERS = {
  'content-type': 'text/javascript; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
} as const;

/** The frame script of the embed pages. */
export const getFrameBundle = () => getBrowserScript('frame');
/** The earlier name of `buildBrowserScript`, which built the frame script only. */
export const buildFrameBundle = buildBrowserScript;
