import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helper.ts';
import { createCast, type Cast } from '../support/fixtures.ts';
import { ACTORS, TARGETS, type Actor, type MatrixContext } from './matrix-types.ts';
import { actsOnOwnAccount, lookalikeToken } from './fixtures.ts';
import { ROUTE_MATRIX } from './route-matrix.ts';

let t: TestApp;
let cast: Cast;
let ctx: MatrixContext;

beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  ctx = { t, cast, tenant: (target) => (target === 'A' ? cast.tenantA : cast.tenantB) };
});
afterAll(() => t.close());

const tokenOf = (actor: Actor): string | undefined =>
  actor === 'anonymous' ? undefined : cast[actor].token;
const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

const checkedRoutes = Object.values(ROUTE_MATRIX).filter((e) => !('public' in e)).length;

describe(`tenant-isolation matrix (${checkedRoutes} routes × ${ACTORS.length} actors × ${TARGETS.length} targets = ${checkedRoutes * ACTORS.length * TARGETS.length} cells)`, () => {
  it('has an entry for every registered route, and no entry for a route that is gone', () => {
    const registered = t.routes.map(keyOf).sort();
    expect(registered.filter((key) => !(key in ROUTE_MATRIX))).toEqual([]);
    expect(Object.keys(ROUTE_MATRIX).filter((key) => !registered.includes(key))).toEqual([]);
  });

  it('public entries are exactly the routes declared public', () => {
    const declaredPublic = t.routes
      .filter((r) => r.access === 'public')
      .map(keyOf)
      .sort();
    const listedPublic = Object.keys(ROUTE_MATRIX)
      .filter((key) => 'public' in ROUTE_MATRIX[key]!)
      .sort();
    expect(listedPublic).toEqual(declaredPublic);
  });

  // One test per route, each running its actor × target cells and reporting every mismatch at once.
  for (const [key, entry] of Object.entries(ROUTE_MATRIX)) {
    if ('public' in entry) continue;
    it(key, async () => {
      const [method, pattern] = key.split(' ') as [string, string];
      const mismatches: string[] = [];
      for (const actor of ACTORS) {
        for (const [index, target] of TARGETS.entries()) {
          const request = await entry.request(ctx, target);
          const res = await t.request({
            ...request,
            method: method as 'GET',
            token:
              actor !== 'anonymous' && actsOnOwnAccount(pattern)
                ? await lookalikeToken(t, cast, actor)
                : tokenOf(actor),
          });
          const expected = entry.expect[actor][index];
          if (res.statusCode !== expected) {
            mismatches.push(
              `${actor} → tenant ${target}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
            );
          }
          // Every refusal is our JSON error shape, never a stack trace.
          if (res.statusCode >= 400)
            expect(res.json()).toMatchObject({
              error: expect.any(String),
              code: expect.any(String),
            });
        }
      }
      expect(mismatches, `${pattern}`).toEqual([]);
    });
  }
});
