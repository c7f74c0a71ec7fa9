/**
 * User Timing marks of the report frame, readable in DevTools' Performance panel and by the
 * benchmark (bench/browser-bench.ts), which reads them out of the frame:
 *
 * - `canopy:load` — the frame received `/report/load` (or prepare/create);
 * - `canopy:load-to-rendered` — measure from that mark to the `rendered` event of the first render
 *   after it.
 *
 * Per-visual query times need no marks: each query's URL names its visual (`&visual=`), so its
 * Resource Timing entry has the round trip and, through the emulator's Server-Timing header, the
 * engine time.
 *
 * WHY marks instead of timestamps on events: the service's events carry no timing, and adding fields
 * to them would make the frame differ from the real one. Marks are invisible to the host; the old
 * pair is cleared when a new load starts, so long sessions do not accumulate them.
 */

const LOAD = 'canopy:load';
const LOAD_TO_RENDERED = 'canopy:load-to-rendered';

let loadPending = false;

const supported = () =>
  typeof performance !== 'undefined' && typeof performance.mark === 'function';

export function markLoadReceived(): void {
  if (!supported()) return;
  performance.clearMarks(LOAD);
  performance.clearMeasures(LOAD_TO_RENDERED);
  performance.mark(LOAD);
  loadPending = true;
}

/** The `rendered` event was posted: closes the load measure if this is the load's first render. */
export function markRendered(): void {
  if (!supported() || !loadPending) return;
  loadPending = false;
  performance.measure(LOAD_TO_RENDERED, LOAD);
}
