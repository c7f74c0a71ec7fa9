import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_RATE_LIMIT } from '../../src/routes/api/auth/index.ts';
import { build, type TestApp } from '../helper.ts';
import { createPerson, PASSWORD, type TestPerson } from '../support/fixtures.ts';

/**
 * The address a request is counted and recorded under, behind a proxy. The app is built as
 * deploy/ runs it (CANOPY_TRUST_PROXY=loopback: nginx on the same host) and as compose.yaml does
 * (one hop). Requests come from the proxy's socket with X-Forwarded-For as nginx forwards it:
 * whatever the client wrote, then the address nginx saw. Only that last one may count.
 */
const NGINX = '127.0.0.1';
const CLIENT = '203.0.113.7';
let spoofed = 0;
/** A different made-up address each time, as a client dodging a per-address limit would send. */
const lie = () => `198.51.${++spoofed % 250}.${(spoofed * 7) % 250}`;

for (const trust of ['loopback', '1']) {
  describe(`CANOPY_TRUST_PROXY=${trust}`, () => {
    let t: TestApp;
    let superAdmin: TestPerson;
    beforeAll(async () => {
      t = await build({ env: { CANOPY_TRUST_PROXY: trust } });
      superAdmin = await createPerson(t, { superAdmin: true });
    });
    afterAll(() => t.close());

    const viaProxy = (client: string, written?: string) => ({
      remoteAddress: NGINX,
      headers: { 'x-forwarded-for': written ? `${written}, ${client}` : client },
    });

    it('records the address the proxy saw, not the one the client wrote', async () => {
      const person = await createPerson(t, { tenantId: null, superAdmin: true });
      const signIn = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: person.email, password: PASSWORD },
        ...viaProxy(CLIENT, 'not-an-address, 10.9.9.9'),
      });
      expect(signIn.statusCode).toBe(200);
      const { token } = signIn.json<{ token: string }>();

      const sessions = await t.request({ method: 'GET', url: '/api/account/sessions', token });
      const current = sessions.json<{ sessions: { current: boolean; ip: string | null }[] }>();
      expect(current.sessions.find((s) => s.current)?.ip).toBe(CLIENT);

      const audit = await t.request({
        method: 'GET',
        url: `/api/admin/audit?action=auth.login&person=${person.id}`,
        token: superAdmin.token,
      });
      expect(audit.json<{ events: { ip: string | null }[] }>().events).toEqual([
        expect.objectContaining({ ip: CLIENT }),
      ]);
    });

    it('limits a sign-in flood whatever address each attempt claims', async () => {
      const client = '203.0.113.20';
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `nobody-${i}@example.com`, password: 'Wrong-Password-1' },
          ...viaProxy(client, lie()),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, AUTH_RATE_LIMIT.max).every((s) => s === 401)).toBe(true);
      expect(statuses.slice(AUTH_RATE_LIMIT.max).every((s) => s === 429)).toBe(true);
      // The proxy's other clients are not caught in it.
      const other = await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'Wrong-Password-1' },
        ...viaProxy('203.0.113.21'),
      });
      expect(other.statusCode).toBe(401);
    });

    it('believes a direct client only as far as the setting trusts', async () => {
      const direct = '192.0.2.50';
      const statuses: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMIT.max; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: `direct-${i}@example.com`, password: 'Wrong-Password-1' },
          remoteAddress: direct,
          headers: { 'x-forwarded-for': lie() },
        });
        statuses.push(res.statusCode);
      }
      if (trust === 'loopback') {
        // Only loopback is a proxy: the direct client is itself, and its lies change nothing.
        expect(statuses.at(-1)).toBe(429);
      } else {
        // One hop trusts whoever connects; compose keeps the instances off every network but its
        // own for that reason (docs/portal-operations.md). The last entry then counts — still one
        // per request, never the left-most.
        expect(statuses.every((s) => s === 401)).toBe(true);
      }
    });
  });
}
