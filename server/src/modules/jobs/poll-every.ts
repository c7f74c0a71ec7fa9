/**
 * Calls `run` every `pollMs` until the returned function is called, one round at a time: a tick
 * that comes while a round is still running is skipped. A round's failure goes to `onError` and
 * the polling goes on. The timer does not keep the process alive.
 */
export function pollEvery(
  pollMs: number,
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    run()
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, pollMs);
  timer.unref();
  return () => clearInterval(timer);
}
