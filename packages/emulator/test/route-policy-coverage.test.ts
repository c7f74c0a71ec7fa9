import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../src/error-handler.ts';
import { restErrorBody } from '../src/errors.ts';
import { createEmulatorContext } from '../src/index.ts';
import { embedGuard } from '../src/policy/embed-guard.ts';
import { publicGuard } from '../src/policy/guard-hook.ts';
import { restGuard } from '../src/policy/rest-guard.ts';
import { embedToken, publicAccess } from '../src/policy/route-guard.ts';
import { defineRoute } from '../src/routing/define-route.ts';
import { declaredRoutes } from './support/declared-routes.ts';

/**
 * Every route the emulator registers declares its guard (routing/define-route.ts puts it in the
 * route's `config.guard`): a new route without one fails here, and the guards refuse it.
 */
describe('route policy coverage', () => {
  it('finds a guard on every registered route', async () => {
    const routes = await declaredRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const missing = routes
      .filter((route) => !route.guard)
      .map(({ method, url }) => `${method} ${url}`);
    expect(missing).toEqual([]);
    // Each area's guard applies the rules it knows: the REST API workspace and app rules, the
    // /_emulator API embed and admin rules, everything else (pages, OAuth, redirects) public ones.
    const misplaced = routes
      .filter(({ url, guard }) => {
        const kind = guard?.kind;
        if (kind === 'public') return false;
        if (url.startsWith('/v1.0/myorg/')) return kind !== 'workspace' && kind !== 'app';
        if (url.startsWith('/_emulator/')) return kind !== 'embed' && kind !== 'admin';
        return true;
      })
      .map(({ method, url, guard }) => `${method} ${url} (${guard?.kind})`);
    expect(misplaced).toEqual([]);
  });

  it('refuses a request to a route that has no rule (fail closed)', async () => {
    const context = await createEmulatorContext({ rows: 1000 });
    const app = Fastify();
    app.setErrorHandler(errorHandler(restErrorBody));
    await app.register((rest, _options, done) => {
      rest.addHook('onRequest', restGuard(context));
      rest.get('/v1.0/myorg/unlisted', () => 'leaked');
      done();
    });
    await app.register((embed, _options, done) => {
      embed.addHook('onRequest', embedGuard(context));
      embed.get('/_emulator/unlisted', () => 'leaked');
      done();
    });
    await app.register((pages, _options, done) => {
      pages.addHook('onRequest', publicGuard());
      pages.get('/unlisted', () => 'leaked');
      done();
    });
    for (const url of ['/v1.0/myorg/unlisted', '/_emulator/unlisted', '/unlisted']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('leaked');
      expect(response.json()).toMatchObject({ error: { code: 'InternalServerError' } });
    }
    await app.close();
    context.close();
  });

  it('refuses a rule its area does not apply (an embed rule on a public page)', async () => {
    const app = Fastify();
    app.setErrorHandler(errorHandler(restErrorBody));
    await app.register((pages, _options, done) => {
      pages.addHook('onRequest', publicGuard());
      defineRoute(pages, {
        method: 'GET',
        url: '/page',
        guard: embedToken('readReport'),
        handler: () => 'leaked',
      });
      defineRoute(pages, {
        method: 'GET',
        url: '/open',
        guard: publicAccess('a test page'),
        handler: () => 'open',
      });
      done();
    });
    const refused = await app.inject({ method: 'GET', url: '/page' });
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('leaked');
    // HEAD shares its GET route's guard.
    expect((await app.inject({ method: 'HEAD', url: '/page' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/open' })).body).toBe('open');
    expect((await app.inject({ method: 'HEAD', url: '/open' })).statusCode).toBe(200);
    await app.close();
  });

  it('sits below the routes and pages: the policy module imports none of them', async () => {
    const root = fileURLToPath(new URL('../', import.meta.url));
    const graph = await madge(`${root}src/policy`, {
      fileExtensions: ['ts'],
      tsConfig: `${root}tsconfig.json`,
    });
    const reached = Object.keys(graph.obj());
    expect(reached).toContain('rest-guard.ts');
    const above = reached.filter((file) =>
      /^\.\.\/(rest|internal|embed-pages|frame)\/|^\.\.\/(app|start-emulator|test-kit)\.ts$|-routes?\.ts$/.test(
        file,
      ),
    );
    expect(above).toEqual([]);
  });
});
