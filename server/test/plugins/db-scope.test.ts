import type { FastifyPluginCallback } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TENANT_ROLE, TENANT_SETTING } from '../../src/db/tenant-scoped-driver.ts';
import { build, type TestApp } from '../helper.ts';
import { createCast, type Cast } from '../support/fixtures.ts';

/** Answers what the database sees of the request: its role, the tenant setting, reports seen. */
const probe: FastifyPluginCallback = (app, _options, done) => {
  const state = async () => {
    const { rows } = await sql<{ role: string; tenant: string | null; tenants: number }>`
      select current_user as role, nullif(current_setting(${TENANT_SETTING}, true), '') as tenant,
             (select count(distinct id)::int from tenants t
               where exists (select from users u where u.tenant_id = t.id)) as tenants`.execute(
      app.db,
    );
    return rows[0]!;
  };
  app.get('/api/test/db-scope', state);
  app.post('/api/test/db-scope', state);
  app.get('/api/test/db-scope-public', { config: { access: 'public' } }, state);
  done();
};

let t: TestApp;
let cast: Cast;
let base: string;

beforeAll(async () => {
  t = await build({ extraRoutes: probe });
  cast = await createCast(t);
  // Over a real socket: a request body is read in the socket's async context, not inject's.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST', token?: string, path = '/api/test/db-scope') => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    // A body larger than one read, so the handler runs after several socket events.
    ...(method === 'POST' ? { body: JSON.stringify({ padding: 'x'.repeat(200_000) }) } : {}),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { role: string; tenant: string | null; tenants: number };
};

describe('the database scope of a request', () => {
  it("runs a tenant user's request as the tenant role, limited to their tenant", async () => {
    for (const method of ['GET', 'POST'] as const) {
      expect(await call(method, cast.viewerA.token)).toEqual({
        role: TENANT_ROLE,
        tenant: cast.tenantA.id,
        tenants: 1,
      });
      expect((await call(method, cast.adminB.token)).tenant).toBe(cast.tenantB.id);
    }
  });

  it("runs a super administrator's and an anonymous request on the service path", async () => {
    for (const state of [
      await call('GET', cast.superAdmin.token),
      await call('POST', cast.superAdmin.token),
      await call('GET', undefined, '/api/test/db-scope-public'),
    ]) {
      expect(state.role).not.toBe(TENANT_ROLE);
      expect(state.tenant).toBeNull();
      expect(state.tenants).toBeGreaterThanOrEqual(2);
    }
  });
});
