/** Backoff before the stream's next attempt: 1 s, 2 s, 4 s … at most 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(30_000, 1_000 * 2 ** attempt);
