// @vitest-environment node
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build as bundle } from 'esbuild';
import { build as buildLibrary } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { esmLibrary } from '../tsup.config.ts';

/**
 * What an app pays for one named import: the ESM build (made here with the package's own tsup
 * settings) sits in a scratch folder with the real package.json, so its `sideEffects` applies, and
 * esbuild bundles a one-line app against it, minified. The bounds leave room for growth but fail
 * long before "the whole library" (about 160 KB with powerbi-models).
 */
const packageRoot = join(import.meta.dirname, '..');
let scratch: string;

async function bundleOf(code: string): Promise<Uint8Array> {
  const result = await bundle({
    stdin: { contents: code, resolveDir: scratch, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
    // The scratch package resolves to itself; powerbi-models comes from the package's dependencies.
    alias: { '@canopy/embed-core': scratch },
    nodePaths: [join(packageRoot, 'node_modules')],
  });
  return result.outputFiles[0]!.contents;
}

async function bytesFor(code: string): Promise<number> {
  return (await bundleOf(code)).length;
}

describe('single-import bundle sizes (tree-shaking)', () => {
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'embed-core-size-'));
    await cp(join(packageRoot, 'package.json'), join(scratch, 'package.json'));
    await buildLibrary({
      ...esmLibrary(packageRoot),
      outDir: join(scratch, 'dist'),
      config: false,
      silent: true,
    });
  }, 120_000);

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
  });

  it.each([
    [
      'EmbedError',
      'import { EmbedError } from "@canopy/embed-core"; console.log(EmbedError);',
      2_000,
    ],
    [
      'isEmbedError + EmbedErrorCode',
      'import { isEmbedError, EmbedErrorCode } from "@canopy/embed-core"; console.log(isEmbedError, EmbedErrorCode);',
      2_000,
    ],
    ['deepEqual', 'import { deepEqual } from "@canopy/embed-core"; console.log(deepEqual);', 2_000],
    [
      'autoRefreshToken',
      'import { autoRefreshToken } from "@canopy/embed-core"; console.log(autoRefreshToken);',
      8_000,
    ],
  ])('should bundle %s alone in under its bound', async (_name, code, bound) => {
    const bytes = await bytesFor(code);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(bound);
  });

  it('should keep the component classes when only the Service is imported', async () => {
    // The entry used to register them at import; a bundle that skipped it could not embed a report.
    const code = await bundleOf(
      'import { service } from "@canopy/embed-core";' +
        'globalThis.kinds = service.Service.components.map((c) => c.type);',
    );
    const url = `data:text/javascript;base64,${Buffer.from(code).toString('base64')}`;
    await import(/* @vite-ignore */ url);
    expect((globalThis as { kinds?: string[] }).kinds).toEqual([
      'Tile',
      'Report',
      'Dashboard',
      'Qna',
      'visual',
    ]);
  });

  it('should still bundle the whole Service when the app embeds (the bound is not vacuous)', async () => {
    const bytes = await bytesFor(
      'import { service, factories } from "@canopy/embed-core";' +
        'console.log(new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory));',
    );
    expect(bytes).toBeGreaterThan(100_000);
  });
});
