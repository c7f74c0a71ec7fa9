import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

export interface SizeRow {
  what: string;
  rawBytes: number;
  gzipBytes: number;
}

export function gzipSize(buffer: Buffer): number {
  return gzipSync(buffer, { level: 9 }).length;
}

export async function fileSize(what: string, path: string): Promise<SizeRow> {
  const buffer = await readFile(path);
  return { what, rawBytes: buffer.length, gzipBytes: gzipSize(buffer) };
}

/**
 * Builds a one-report ESM page with Vite (production mode) and sums its JavaScript. The page is the
 * same for both libraries; only the import specifier differs.
 */
export async function vitePageSize(
  what: string,
  specifier: string,
  root: string,
): Promise<SizeRow> {
  const dir = await mkdtemp(join(tmpdir(), 'embed-bench-'));
  try {
    await writeFile(
      join(dir, 'index.html'),
      '<!doctype html><div id="c"></div><script type="module" src="./main.js"></script>',
    );
    await writeFile(
      join(dir, 'main.js'),
      `import { service, factories, models } from '${specifier}';
const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
powerbi.embed(document.getElementById('c'), {
  type: 'report', id: 'r', embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=r',
  accessToken: 't', tokenType: models.TokenType.Embed,
});
`,
    );
    await build({
      root: dir,
      logLevel: 'silent',
      configFile: false,
      // Resolve packages from the embed-core workspace, where both libraries are installed.
      resolve: { alias: { [specifier]: await resolveFrom(root, specifier) } },
      build: { outDir: join(dir, 'dist'), emptyOutDir: true, minify: true },
    });
    const assets = join(dir, 'dist', 'assets');
    let raw = 0;
    let gz = 0;
    for (const file of await readdir(assets)) {
      if (!file.endsWith('.js')) continue;
      const buffer = await readFile(join(assets, file));
      raw += buffer.length;
      gz += gzipSize(buffer);
    }
    return { what, rawBytes: raw, gzipBytes: gz };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function resolveFrom(root: string, specifier: string): Promise<string> {
  const { createRequire } = await import('node:module');
  const require = createRequire(join(root, 'package.json'));
  if (specifier === '@canopy/embed-core') return join(root, 'dist', 'index.js');
  return require.resolve(specifier);
}
