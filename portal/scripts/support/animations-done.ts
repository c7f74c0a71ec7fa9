import type { Page } from 'playwright-core';

/**
 * Waits until the entrance animations (panels, toasts, dialogs) are over, so the picture is what a
 * person sees and not a frame halfway through a fade. Endless ones (spinners, pulses) never end,
 * so they do not count.
 *
 * `finished` waits for every animation to reach its end. `not-running` also accepts one that is
 * paused or idle; the main screenshots (screenshots.ts) have always waited that way.
 */
export async function animationsDone(page: Page, until: 'finished' | 'not-running' = 'finished') {
  if (until === 'not-running') {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    return;
  }
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState === 'finished'),
  );
}
