import Fastify, { type RouteOptions } from 'fastify';
import { emulatorPlugin } from '../../src/app.ts';
import { guardOf, type RouteGuard } from '../../src/policy/route-guard.ts';

export interface DeclaredRoute {
  method: string;
  /** The route's pattern relative to the emulator's mount point (`/` for the mount's root). */
  url: string;
  /** Undefined for a route registered without a guard (the guards refuse it). */
  guard: RouteGuard | undefined;
  options: RouteOptions;
}

/**
 * Every route the emulator registers, with the guard it declares: read from Fastify's onRoute, so
 * a new route is found without being listed anywhere. HEAD and OPTIONS (copies of GET routes and
 * parts of the catch-alls) are left out.
 */
export async function declaredRoutes(prefix = '/pbi'): Promise<DeclaredRoute[]> {
  const app = Fastify();
  const routes: DeclaredRoute[] = [];
  app.addHook('onRoute', (options) => {
    for (const method of [options.method].flat()) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      // The mount's own root (`/pbi`) is the plugin's `/`.
      const url = options.url.slice(prefix.length) || '/';
      routes.push({ method, url, guard: guardOf(options.config), options });
    }
  });
  await app.register(emulatorPlugin, { prefix, emulator: { rows: 1000 } });
  await app.ready();
  await app.close();
  return routes;
}
