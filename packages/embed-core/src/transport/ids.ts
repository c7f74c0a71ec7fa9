/**
 * Random ids. `crypto` is looked up lazily through `globalThis` so that importing this module never
 * touches `window` (SSR) and environments without Web Crypto (old test DOMs, React Native) still work.
 */
// Every request takes an id: drawing 64 at a time saves a typed array and a crypto call per request.
const pool = new Uint32Array(64);
let next = pool.length;

function randomUint32(): number {
  const cryptoObj = (globalThis as { crypto?: Crypto }).crypto;
  if (cryptoObj?.getRandomValues) {
    if (next === pool.length) {
      cryptoObj.getRandomValues(pool);
      next = 0;
    }
    return pool[next++] ?? 0;
  }
  return Math.floor(Math.random() * 0x100000000);
}

/** A short base-36 id, as used for embed `uniqueId`s and message tracking ids (5–6 characters). */
export function createRandomString(): string {
  return randomUint32().toString(36).substring(1);
}

/** The 20-hex-character session id sent as `sdkSessionId`. */
export function generateUUID(): string {
  let id = '';
  for (let i = 0; i < 20; i++) id += (randomUint32() & 0xf).toString(16);
  return id;
}
