import { copyFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { animationsDone } from './animations-done.ts';

/** The folder named on the command line, or the script's default; made if missing. */
export function outputFolder(defaultDir: string) {
  const outDir = resolve(process.argv[2] ?? defaultDir);
  mkdirSync(outDir, { recursive: true });
  return outDir;
}

export interface ShotFolderOptions {
  /** The review folder when none is named on the command line (relative to portal/). */
  defaultDir: string;
  /** The shots docs/portal.md shows: copied to docs/portal/ under the same name. */
  docs: readonly string[];
  /** Whether a shot takes the whole page when the call does not say; true unless set. */
  fullPage?: boolean;
  /**
   * Which shots scroll the window to the top first: a refused form scrolls to its first error,
   * and a sticky bar would then sit in the middle of a full-page picture; a viewport shot after a
   * long list would show its end.
   */
  scrollToTop?: 'full-page' | 'viewport';
  /** Logs a shot whose page is wider than the viewport (something overflows sideways). */
  reportOverflow?: boolean;
}

/**
 * Where a screenshot script puts its pictures, and `shoot`, which takes one: every state lands in
 * the review folder; the docs ones are copied to docs/portal/ only by a run into the default folder,
 * so a review run elsewhere leaves the docs images alone.
 */
export function shotFolder(options: ShotFolderOptions) {
  const outDir = outputFolder(options.defaultDir);
  const docsDir = process.argv[2] ? undefined : resolve('../docs/portal');
  const shoot = async (page: Page, name: string, fullPage = options.fullPage ?? true) => {
    await animationsDone(page);
    const scroll = options.scrollToTop === (fullPage ? 'full-page' : 'viewport');
    if (scroll) await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${outDir}/${name}.png`, fullPage });
    console.log(`${outDir}/${name}.png`);
    if (options.reportOverflow) {
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > (page.viewportSize()?.width ?? 0)) console.error(`${name}: ${wide} px wide`);
    }
    if (docsDir && options.docs.includes(name))
      copyFileSync(`${outDir}/${name}.png`, `${docsDir}/${name}.png`);
  };
  return { outDir, shoot };
}
