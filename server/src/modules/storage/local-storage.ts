import { chmodSync, createReadStream, mkdirSync, readdirSync } from 'node:fs';
import { chmod, mkdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { Storage } from './storage.ts';

const SAFE_KEY = /^[A-Za-z0-9._-]+$/;

/**
 * Uploads are readable by the server's own user only: 0700 for the folder, 0600 for each file.
 * Modes are set with chmod after creating, because the process umask only ever removes bits
 * from the mode asked for at creation and could leave them wider or narrower than meant.
 */
export const FOLDER_MODE = 0o700;
export const FILE_MODE = 0o600;

/**
 * Brings the folder, and files written before modes were enforced, to FOLDER_MODE and FILE_MODE.
 * Runs once when the storage is created (at start), before any request is served.
 */
function tightenModes(root: string) {
  mkdirSync(root, { recursive: true, mode: FOLDER_MODE });
  chmodSync(root, FOLDER_MODE);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isFile()) chmodSync(join(root, entry.name), FILE_MODE);
  }
}

/**
 * Files in a folder, for one server instance: several instances need the S3-compatible store
 * (docs/portal-operations.md). Keys are checked so no key can name a path outside the folder.
 */
export function createLocalStorage(root: string): Storage {
  tightenModes(root);
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.startsWith('.')) throw new Error(`Unsafe storage key: ${key}`);
    return join(root, key);
  };
  return {
    async put(key, bytes) {
      // The folder may have been removed while running (an operator's clean-up); recreate it.
      await mkdir(root, { recursive: true, mode: FOLDER_MODE });
      // Write then rename, so a reader never sees half a file; the mode is set before the rename,
      // so the file is never visible with a wider one.
      const temp = `${pathOf(key)}.partial`;
      await writeFile(temp, bytes, { mode: FILE_MODE });
      await chmod(temp, FILE_MODE);
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
