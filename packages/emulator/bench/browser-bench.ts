/**
 * Load → rendered in a real browser (the frame side). Owned by the frame-side work: it fills this in
 * with a Chromium run (embed-core host page → /reportEmbed → `rendered` event) over 100,000 and
 * 1,000,000 rows. Until then run.ts prints "not measured" for this table — no numbers are invented.
 */
export interface BrowserResult {
  rows: number;
  /** Median milliseconds from the load message to the rendered event, 4-visual Overview page. */
  loadToRenderedMs: number;
  runs: number;
}

export type BrowserBench = (rows: number) => Promise<BrowserResult | undefined>;

export const benchBrowser: BrowserBench = () => Promise.resolve(undefined);
