import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage } from './storage.ts';

const SAFE_KEY = /^[A-Za-z0-9._-]+$/;

/** Files in a folder. Keys are checked so no key can name a path outside it. */
export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.startsWith('.')) throw new Error(`Unsafe storage key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      await mkdir(root, { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${pathOf(key)}.partial`;
      await writeFile(temp, bytes);
      await rename(temp, pathOf(key));
    },
    async get(key) {
      if (!SAFE_KEY.test(key) || key.startsWith('.')) return null;
      try {
        const info = await stat(pathOf(key));
        return { body: createReadStream(pathOf(key)), size: info.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
