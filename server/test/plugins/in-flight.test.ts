import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { build } from '../helper.ts';

describe('shutdown waits for running handlers', () => {
  it('lets a handler whose client went away finish its database work before the pool closes', async () => {
    let started!: () => void;
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const outcome: string[] = [];
    let closed = false;

    const t = await build({
      extraRoutes: (app, _options, done) => {
        app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
          started();
          await gate;
          try {
            await sql`select 1`.execute(app.db);
            outcome.push('query ran');
          } catch (error) {
            outcome.push(`query failed: ${(error as Error).message}`);
          }
          return { ok: true };
        });
        done();
      },
    });
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const request = fetch(`${url}/api/test/slow`, { signal: controller.signal }).catch(
      () => 'aborted',
    );
    await handlerStarted;
    controller.abort();
    expect(await request).toBe('aborted');

    // As server.ts does on SIGTERM: close the app, then the database.
    const closing = t.close().then(() => (closed = true));
    // Given time to finish on its own, close() still waits while the handler is held (without the
    // drain it resolves within milliseconds and the handler's query then meets a closed pool).
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 500))]);
    expect(closed).toBe(false);
    openGate();
    await closing;
    expect(outcome).toEqual(['query ran']);
  });
});
