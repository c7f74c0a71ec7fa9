import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type RegisteredRoute, type TestApp } from '../helper.ts';
import { createCast, type Cast } from '../support/fixtures.ts';
import { actsOnOwnAccount, lookalikeToken } from './fixtures.ts';
import {
  fieldsOf,
  HOSTILE_BODIES,
  HOSTILE_PARAMS,
  HOSTILE_QUERY_VALUES,
  HOSTILE_VALUES,
  MALFORMED_JSON,
  MALFORMED_MULTIPART,
  validSample,
} from './fuzz-inputs.ts';

/**
 * Bad input to every operation of the served OpenAPI document (and the hidden aliases it leaves
 * out), generated from each one's schema: malformed JSON, wrong shapes, one hostile value per body
 * field and per query parameter (NUL, lone surrogates, overlong text…), hostile path parameters,
 * multipart bodies without a boundary or cut short — sent as a super admin and as a tenant Admin
 * (so the request gets past authentication). Whatever the answer, it is never a 5xx and always
 * our error shape.
 */
let t: TestApp;
let cast: Cast;
/** What is fuzzed: each documented operation, by method and Fastify path, with its route. */
let targets: { route: RegisteredRoute; queryNames: string[] }[] = [];
let documented = 0;

interface DocumentedOperation {
  parameters?: { in: string; name: string }[];
}

beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
  const served = await t.request({ method: 'GET', url: '/api/docs/json' });
  const doc = served.json<{ paths: Record<string, Record<string, DocumentedOperation>> }>();
  const byKey = new Map(t.routes.map((route) => [`${route.method} ${route.url}`, route]));
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      documented++;
      const key = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const route = byKey.get(key);
      // An operation the document names but the app does not serve is a finding of its own.
      expect(route, key).toBeDefined();
      byKey.delete(key);
      const queryNames = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => parameter.name);
      targets.push({ route: route!, queryNames });
    }
  }
  // Routes the document hides on purpose (aliases) take the same inputs.
  targets = [...targets, ...[...byKey.values()].map((route) => ({ route, queryNames: [] }))];
});
afterAll(() => t.close());

interface Probe {
  label: string;
  url: string;
  payload?: unknown;
  rawBody?: string | Buffer;
  contentType?: string;
}

function probesFor(route: RegisteredRoute, queryNames: string[], tenantId: string): Probe[] {
  const params = (value: string) =>
    route.url.replace(/:(\w+)/g, (_, name: string) => (name === 'tenantId' ? tenantId : value));
  const url = params('00000000-0000-4000-8000-000000000000');
  const probes: Probe[] = HOSTILE_PARAMS.filter(() => route.url.includes(':')).map((value) => ({
    label: `param ${value.slice(0, 20)}`,
    url: params(value),
  }));
  probes.push({
    label: 'query junk',
    url: `${url}?since=%00&limit=-1&cursor=${'x'.repeat(3000)}&a[b]=c`,
  });
  for (const name of queryNames) {
    for (const value of HOSTILE_QUERY_VALUES) {
      probes.push({ label: `?${name}=${value.slice(0, 12)}`, url: `${url}?${name}=${value}` });
    }
  }
  if (route.method === 'GET' || route.method === 'DELETE') return probes;

  const body = route.schema?.body;
  const sample = validSample(body);
  for (const raw of MALFORMED_JSON)
    probes.push({ label: `malformed ${raw.slice(0, 8)}`, url, rawBody: raw });
  for (const { label, contentType, body: raw } of MALFORMED_MULTIPART)
    probes.push({ label, url, rawBody: raw, contentType });
  for (const whole of HOSTILE_BODIES)
    probes.push({ label: `body ${JSON.stringify(whole)?.slice(0, 16)}`, url, payload: whole });
  for (const field of fieldsOf(body)) {
    for (const value of HOSTILE_VALUES) {
      probes.push({
        label: `${field}=${JSON.stringify(value)?.slice(0, 16)}`,
        url,
        payload: { ...sample, [field]: value },
      });
    }
    const { [field]: _omitted, ...missing } = sample;
    probes.push({ label: `${field} missing`, url, payload: missing });
  }
  return probes;
}

function send(
  route: RegisteredRoute,
  probe: Probe,
  token: string,
): Promise<LightMyRequestResponse> {
  const method = route.method as 'POST';
  if (probe.rawBody !== undefined) {
    return t.request({
      method,
      url: probe.url,
      token,
      headers: { 'content-type': probe.contentType ?? 'application/json' },
      body: probe.rawBody,
    });
  }
  return t.request({
    method,
    url: probe.url,
    token,
    ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
  });
}

describe('bad-input fuzzing of every route', () => {
  it('never answers a 5xx or a body that is not our error shape', async () => {
    const failures: string[] = [];
    let sent = 0;
    expect(documented).toBeGreaterThan(50);
    for (const { route, queryNames } of targets) {
      for (const actor of ['superAdmin', 'adminA'] as const) {
        const token = actsOnOwnAccount(route.url)
          ? await lookalikeToken(t, cast, actor)
          : cast[actor].token;
        for (const probe of probesFor(route, queryNames, cast.tenantA.id)) {
          const res = await send(route, probe, token);
          sent++;
          const isError = res.statusCode >= 400;
          const shaped = !isError || /"error":".*","code":"[A-Z_]+"/s.test(res.body);
          // A valid body can meet an unconfigured dependency (no analytics workspace service in
          // this app): that designed 503 is an answer, not a crash.
          const designed = res.statusCode === 503 && res.json().code === 'ANALYTICS_UNAVAILABLE';
          if ((res.statusCode >= 500 && !designed) || !shaped) {
            failures.push(
              `${route.method} ${route.url} [${actor}] ${probe.label}: ${res.statusCode} ${res.body.slice(0, 200)}`,
            );
          }
        }
      }
    }
    console.info(`fuzz: ${sent} requests over ${targets.length} operations`);
    expect(failures).toEqual([]);
    expect(targets.length).toBe(t.routes.length);
    // Thousands of requests: seconds on an idle machine, more on a busy one.
  }, 180_000);
});
