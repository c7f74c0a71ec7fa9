import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helper.ts';
import { createCast, type Cast } from '../support/fixtures.ts';
import { multipart, TINY_PNG } from '../support/multipart.ts';

/**
 * Bad text is a 400 with our error shape on every route, decided once before any route sees it:
 * NUL characters and lone UTF-16 surrogates anywhere in a body, query or path, multipart field
 * values included, and multipart bodies without a boundary or cut short. Each case here answered
 * 500 before the check existed (the database refused the text, or the multipart reader threw).
 */
let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

const MALFORMED_TEXT = {
  error: 'The request contains a NUL character or broken Unicode text',
  code: 'MALFORMED_TEXT',
};
const MALFORMED_MULTIPART = {
  error: 'The request body is not valid multipart form data',
  code: 'MALFORMED_MULTIPART',
};

/** JSON text with `\ud800`-style escapes kept as written (JSON.stringify would keep them too). */
const rawJson = (text: string) => ({
  headers: { 'content-type': 'application/json' },
  body: text,
});

const conversationKey = () => [cast.adminA.id, cast.viewerA.id].sort().join('_');

describe('text that cannot be stored', () => {
  it('refuses a NUL character in a tenant name', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/tenants',
      token: cast.superAdmin.token,
      payload: {
        name: 'Acme\u0000',
        adminEmail: 'owner@acme.example',
        createPowerBIWorkspace: false,
      },
    });
    expect([res.statusCode, res.json()]).toEqual([400, MALFORMED_TEXT]);
  });

  it("refuses a NUL character in the audit log's person filter", async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/audit?person=a%00b',
      token: cast.superAdmin.token,
    });
    expect([res.statusCode, res.json()]).toEqual([400, MALFORMED_TEXT]);
  });

  it('refuses lone surrogates that would reach the audit details, and keeps real pairs', async () => {
    for (const name of ['\\ud800 Acme', 'Acme \\udc00', '\\udbff\\udbff\\udfff']) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/tenants/${cast.tenantA.id}`,
        token: cast.superAdmin.token,
        ...rawJson(`{"name":"${name}","adminEmail":"owner@a.example"}`),
      });
      expect([res.statusCode, res.json()], name).toEqual([400, MALFORMED_TEXT]);
    }
    const emoji = await t.request({
      method: 'PUT',
      url: `/api/admin/tenants/${cast.tenantA.id}`,
      token: cast.superAdmin.token,
      ...rawJson('{"name":"Tenant A \\ud83c\\udf33","adminEmail":"owner@a.example"}'),
    });
    expect(emoji.statusCode, emoji.body).toBe(200);
    expect(emoji.json()).toMatchObject({ name: 'Tenant A 🌳' });
  });

  it('refuses bad text in an object key and in a multipart field', async () => {
    const key = await t.request({
      method: 'POST',
      url: `/api/messages/${conversationKey()}`,
      token: cast.adminA.token,
      ...rawJson('{"content":"hi","\\u0000":1}'),
    });
    expect([key.statusCode, key.json()]).toEqual([400, MALFORMED_TEXT]);

    const boundary = 'canopy-text-test';
    const field = await t.request({
      method: 'POST',
      url: `/api/messages/${conversationKey()}`,
      token: cast.adminA.token,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body:
        `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\n` +
        `hello\u0000\r\n--${boundary}--\r\n`,
    });
    expect([field.statusCode, field.json()]).toEqual([400, MALFORMED_TEXT]);
  });
});

describe('multipart bodies that cannot be read', () => {
  it('refuses a multipart body without a boundary, on an upload route and on a JSON route', async () => {
    const { payload } = multipart('logo', TINY_PNG);
    for (const url of ['/api/admin/upload-logo', '/api/admin/tenants']) {
      const res = await t.request({
        method: 'POST',
        url,
        token: cast.superAdmin.token,
        headers: { 'content-type': 'multipart/form-data' },
        body: payload,
      });
      expect([res.statusCode, res.json()], url).toEqual([400, MALFORMED_MULTIPART]);
    }
  });

  it('answers a multipart body cut short with a 4xx in our error shape', async () => {
    const { payload, headers } = multipart('logo', TINY_PNG);
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/upload-logo',
      token: cast.superAdmin.token,
      headers,
      body: payload.subarray(0, payload.length - 20),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(MALFORMED_MULTIPART);
  });

  it('still takes a well-formed upload', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/upload-logo',
      token: cast.superAdmin.token,
      ...multipart('logo', TINY_PNG),
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
