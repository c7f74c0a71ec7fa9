import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { XeroStore, XeroStoreSnapshot } from './xero-store.ts';

/**
 * Loads the store from `file` now, saves it 250 ms after each successful change (a consent, a token
 * exchange or refresh, a revocation, a removed connection) and at close. Written whole through a
 * temporary file and a rename, so a crash never leaves half a file. The file holds live tokens of
 * the local provider only; it is created readable by its owner alone.
 */
export function keepInFile(app: FastifyInstance, store: XeroStore, file: string): void {
  if (existsSync(file)) {
    try {
      store.restore(JSON.parse(readFileSync(file, 'utf8')) as XeroStoreSnapshot);
    } catch {
      // A damaged file: start signed out, as without one (it is rewritten at the next change).
    }
  }
  const save = () => {
    mkdirSync(dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify(store.snapshot()), { mode: 0o600 });
    renameSync(temporary, file);
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && reply.statusCode < 400) {
      timer ??= setTimeout(() => {
        timer = undefined;
        save();
      }, 250);
      timer.unref();
    }
    done();
  });
  app.addHook('onClose', (_app, done) => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    save();
    done();
  });
}
