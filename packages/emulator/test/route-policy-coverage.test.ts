import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import madge from 'madge';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../src/error-handler.ts';
import { restErrorBody } from '../src/errors.ts';
import { createEmulatorContext, emulatorPlugin } from '../src/index.ts';
import { embedGuard } from '../src/policy/embed-guard.ts';
import { restGuard } from '../src/policy/rest-guard.ts';
import { policyFor, routePolicies } from '../src/policy/route-policies.ts';

/**
 * Every route the emulator registers has an access rule in policy/route-policies.ts, and every rule
 * names a registered route: a new route without a rule fails here (and the guards refuse it).
 */
describe('route policy coverage', () => {
  it('finds a rule for every registered route and a route for every rule', async () => {
    const app = Fastify();
    const routes: { method: string; url: string }[] = [];
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url });
    });
    await app.register(emulatorPlugin, { prefix: '/pbi', emulator: { rows: 1000 } });
    await app.ready();
    await app.close();
    const relative = routes
      .filter(({ method }) => method !== 'HEAD' && method !== 'OPTIONS')
      // The mount's own root (`/pbi`) is the plugin's `/`.
      .map(({ method, url }) => ({ method, url: url.replace(/^\/pbi/, '') || '/' }));
    expect(relative.length).toBeGreaterThan(50);
    const missing = relative.filter(({ method, url }) => !policyFor(method, url));
    expect(missing).toEqual([]);
    const registered = new Set(relative.map(({ method, url }) => `${method} ${url}`));
    const stale = routePolicies.filter(
      (policy) => policy.method !== 'ALL' && !registered.has(`${policy.method} ${policy.url}`),
    );
    expect(stale).toEqual([]);
  });

  it('refuses a request to a route that has no rule (fail closed)', async () => {
    const context = await createEmulatorContext({ rows: 1000 });
    const app = Fastify();
    app.setErrorHandler(errorHandler(restErrorBody));
    await app.register((rest, _options, done) => {
      rest.addHook('onRequest', restGuard(context, ''));
      rest.get('/v1.0/myorg/unlisted', () => 'leaked');
      done();
    });
    await app.register((embed, _options, done) => {
      embed.addHook('onRequest', embedGuard(context, ''));
      embed.get('/_emulator/unlisted', () => 'leaked');
      done();
    });
    for (const url of ['/v1.0/myorg/unlisted', '/_emulator/unlisted']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('leaked');
      expect(response.json()).toMatchObject({ error: { code: 'InternalServerError' } });
    }
    await app.close();
    context.close();
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
