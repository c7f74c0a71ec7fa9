import { endpoints, type Endpoint } from '@canopy/portal-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helper.ts';

/**
 * Every endpoint is declared once, in @canopy/portal-contract's table: each API route the server
 * registers comes from an entry (same method, path, access and schemas, taken by reference) and
 * every entry is registered. A route added without an entry, or an entry left without a route,
 * fails here.
 */

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const table: Endpoint[] = Object.values(endpoints);
const key = (method: string, path: string) => `${method} ${path}`;

describe('the endpoint table', () => {
  it('names each entry after its key, with a unique method and path', () => {
    for (const [name, declaration] of Object.entries(endpoints)) {
      expect(declaration.operationId, name).toBe(name);
    }
    const routes = table.map((e) => key(e.method, e.path));
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('declares every registered API route, and every entry is registered', () => {
    const registered = t.routes.map((route) => key(route.method, route.url)).sort();
    const declared = table.map((e) => key(e.method, e.path)).sort();
    expect(
      registered.filter((route) => !declared.includes(route)),
      'routes not in the table',
    ).toEqual([]);
    expect(
      declared.filter((route) => !registered.includes(route)),
      'entries not registered',
    ).toEqual([]);
  });

  it('registers each route with its entry’s access, operation and schemas', () => {
    const byRoute = new Map(table.map((e) => [key(e.method, e.path), e]));
    for (const route of t.routes) {
      const declaration = byRoute.get(key(route.method, route.url));
      if (!declaration) continue;
      const where = key(route.method, route.url);
      const schema = route.schema ?? {};
      expect(route.access, where).toBe(declaration.access);
      expect(schema.operationId, where).toBe(declaration.operationId);
      expect(schema.params, where).toBe(declaration.params);
      expect(schema.querystring, where).toBe(declaration.query);
      expect(schema.body, where).toBe(declaration.body);
      // An endpoint that answers with no declared body (a redirect, an image) has no response map.
      const responses = Object.keys(declaration.responses).length
        ? declaration.responses
        : undefined;
      expect(schema.response, where).toBe(responses);
    }
  });
});
