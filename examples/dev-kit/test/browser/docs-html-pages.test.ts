/**
 * Every HTML page in docs/ works when followed literally: it is served as printed — next to the same
 * guide's `file=server.ts`, run as printed, when there is one — with the script-tag build, against a
 * real emulator, and must embed its report (a `loaded` event) without a page error.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { launchChromium, startStaticServer } from '@canopy/test-utils';
import { transform } from 'esbuild';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractSnippets } from '../../../../scripts/doc-snippets.mjs';
import { scriptTagBundle } from '../../src/script-tag-bundle.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const docsDir = join(root, 'docs');

/** docs/**\/*.md that hold at least one HTML snippet. */
function docsWithPages(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.md')) {
        if (extractSnippets(readFileSync(path, 'utf8'), ['html']).length) found.push(path);
      }
    }
  };
  walk(docsDir);
  return found.sort();
}

/** Runs the guide's server as printed (TypeScript stripped by esbuild); resolves with its URL. */
async function runServer(dir: string, code: string, emulator: RunningEmulator) {
  const { code: js } = await transform(code, { loader: 'ts', format: 'esm' });
  writeFileSync(join(dir, 'server.mjs'), js);
  const child = spawn(process.execPath, [join(dir, 'server.mjs')], {
    env: { ...process.env, PORT: '0', CANOPY_EMULATOR_URL: emulator.url },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (status) => reject(new Error(`the guide's server exited (${status})`)));
    createInterface({ input: child.stdout }).once('line', (line) => resolve(line.trim()));
  });
  return { url, child };
}

describe('HTML pages in docs/ (Chromium, real emulator)', () => {
  let emulator: RunningEmulator;
  let browser: Browser;
  let bundle: string;

  beforeAll(async () => {
    emulator = await startEmulator({ host: '127.0.0.1', prebuildFrame: true });
    browser = await launchChromium();
    bundle = await scriptTagBundle();
  });

  afterAll(async () => {
    await browser?.close();
    await emulator?.close();
  });

  const docs = docsWithPages();

  it('finds the pages (the getting-started guide has one)', () => {
    expect(docs.map((d) => relative(root, d))).toContain('docs/embed-core/getting-started.md');
  });

  describe.each(docs.map((d) => [relative(root, d), d] as const))('%s', (_name, doc) => {
    const markdown = readFileSync(doc, 'utf8');
    const pages = extractSnippets(markdown, ['html']);
    const server = extractSnippets(markdown, ['ts']).find((s) => s.file === 'server.ts');

    it.each(pages.map((p) => [p.line, p] as const))(
      'the page at line %i embeds its report',
      async (_line, snippet) => {
        const dir = mkdtempSync(join(tmpdir(), 'canopy-doc-page-'));
        let child: ChildProcess | undefined;
        let close: (() => Promise<void>) | undefined;
        const page = await browser.newPage();
        try {
          writeFileSync(join(dir, 'index.html'), snippet.code);
          writeFileSync(join(dir, 'powerbi.min.js'), bundle);
          let url: string;
          if (server) {
            ({ url, child } = await runServer(dir, server.code, emulator));
          } else {
            const statics = await startStaticServer({
              '/': { body: snippet.code, type: 'text/html; charset=utf-8' },
              '/powerbi.min.js': { body: bundle, type: 'text/javascript' },
            });
            url = statics.url('/');
            close = () => statics.close();
          }
          const errors: string[] = [];
          page.on('pageerror', (error) => errors.push(error.message));
          // Embeds dispatch `loaded` on their container; it bubbles to the document.
          await page.addInitScript(() => {
            document.addEventListener('loaded', () => {
              (window as { __docLoaded?: boolean }).__docLoaded = true;
            });
          });
          await page.goto(url);
          await page.waitForFunction(
            () => (window as { __docLoaded?: boolean }).__docLoaded,
            null,
            {
              timeout: 30_000,
            },
          );
          expect(errors).toEqual([]);
          expect(page.frames().some((f) => f.url().startsWith(emulator.origin))).toBe(true);
        } finally {
          await page.close();
          child?.kill();
          await close?.();
          rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  });
});
