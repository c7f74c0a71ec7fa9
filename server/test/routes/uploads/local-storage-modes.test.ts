import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage } from '../../../src/modules/storage/local-storage.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, type Cast } from '../../support/fixtures.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';
import { keyOf, multipart as chatForm, PNG } from '../chat/chat-support.ts';

/** Uploaded logos and chat images on local disk: 0600 files in a 0700 folder, whatever the umask. */
const modeOf = (path: string) => statSync(path).mode & 0o777;

let t: TestApp;
let cast: Cast;
let umask: number;
beforeAll(async () => {
  // The widest umask: without explicit modes, files would be 0666 and folders 0777.
  umask = process.umask(0);
  t = await build();
  cast = await createCast(t);
});
afterAll(async () => {
  process.umask(umask);
  await t.close();
});

describe('local storage file modes', () => {
  it('logos and chat images are 0600 in a 0700 folder', async () => {
    const logo = await t.request({
      method: 'POST',
      url: '/api/admin/upload-logo',
      token: cast.superAdmin.token,
      ...multipart('logo', TINY_PNG),
    });
    expect(logo.statusCode).toBe(200);
    const message = await t.request({
      method: 'POST',
      url: `/api/messages/${keyOf(cast.adminA, cast.viewerA)}`,
      token: cast.adminA.token,
      ...chatForm(
        { content: 'look' },
        { name: 'image', filename: 'a.png', bytes: PNG, type: 'image/png' },
      ),
    });
    expect(message.statusCode).toBe(201);

    const root = join(t.config.dataDir, 'files');
    expect(modeOf(root)).toBe(0o700);
    const files = readdirSync(root);
    expect(files.some((name) => name.startsWith('chat-'))).toBe(true);
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const name of files) expect([name, modeOf(join(root, name))]).toEqual([name, 0o600]);
  });

  it('a folder and files left wider by an older version are tightened at start', () => {
    const root = join(mkdtempSync(join(tmpdir(), 'canopy-modes-')), 'files');
    try {
      mkdirSync(root, { mode: 0o755 });
      chmodSync(root, 0o755);
      writeFileSync(join(root, 'old.png'), TINY_PNG, { mode: 0o644 });
      chmodSync(join(root, 'old.png'), 0o644);
      createLocalStorage(root);
      expect(modeOf(root)).toBe(0o700);
      expect(modeOf(join(root, 'old.png'))).toBe(0o600);
    } finally {
      rmSync(join(root, '..'), { recursive: true, force: true });
    }
  });
});
