import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClient, defaultTenantId, emulatorPlugin } from '../src/index.ts';
import { call } from './support/harness.ts';

/** The emulator mounted inside a host server under /pbi, as the portal server would. */
let host: FastifyInstance;
let origin: string;
beforeAll(async () => {
  host = Fastify();
  host.get('/health', () => ({ ok: true }));
  host.post('/api/echo', (request) => request.body);
  await host.register(emulatorPlugin, { prefix: '/pbi', emulator: { rows: 1000 } });
  await host.listen({ port: 0, host: '127.0.0.1' });
  const address = host.server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => host.close());

async function token(): Promise<string> {
  const response = await fetch(`${origin}/pbi/${defaultTenantId}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: defaultClient.clientId,
      client_secret: defaultClient.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

describe('emulatorPlugin mounted under a prefix', () => {
  it('serves the REST API with URLs that include the prefix', async () => {
    const reports = await call(
      `${origin}/pbi/v1.0/myorg/groups/c0ffee00-0000-4000-8000-000000000001/reports`,
      {
        token: await token(),
      },
    );
    expect(reports.status).toBe(200);
    // No publicUrl configured: localhost and the listening port, whatever Host the request sent.
    expect(reports.body.value[0].embedUrl).toMatch(
      new RegExp(`^${origin.replace('127.0.0.1', 'localhost')}/pbi/reportEmbed\\?reportId=`),
    );
  });

  it('serves the embed pages under the prefix', async () => {
    const page = await fetch(
      `${origin}/pbi/reportEmbed?reportId=c0ffee00-0000-4000-8000-000000000201`,
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
  });

  it('keeps its parsers and error shapes inside: the host is unaffected', async () => {
    expect((await call(`${origin}/health`)).body).toEqual({ ok: true });
    const hostBadJson = await call(`${origin}/api/echo`, { rawBody: '{' });
    expect(hostBadJson.status).toBe(400);
    expect(hostBadJson.body).toMatchObject({ statusCode: 400 });
    expect(hostBadJson.body).not.toHaveProperty('error.code', 'BadRequest');
    const form = await fetch(`${origin}/api/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(form.status).toBe(415);
    const emulatorBadJson = await call(`${origin}/pbi/v1.0/myorg/groups`, {
      token: await token(),
      rawBody: '{',
    });
    expect(emulatorBadJson.body.error.code).toBe('BadRequest');
  });
});
