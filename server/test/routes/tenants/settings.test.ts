import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';
import { createCast, type Cast } from '../../support/fixtures.ts';

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build();
  cast = await createCast(t);
});
afterAll(() => t.close());

/** A logo as the upload route records it (the settings only accept stored logos). */
async function storedFile(key: string, purpose: 'logo' | 'chat-image' = 'logo') {
  await t.database.db
    .insertInto('files')
    .values({ key, content_type: 'image/png', size: 1, purpose, tenant_id: null, created_by: null })
    .execute();
  return `/api/files/${key}`;
}

const get = (tenantId: string, token: string) =>
  t.request({ method: 'GET', url: `/api/tenants/${tenantId}/settings`, token });
const put = (tenantId: string, token: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/tenants/${tenantId}/settings`, token, payload });

describe('GET /api/tenants/{tenantId}/settings', () => {
  it('gives members the branding and workspace id, with Cache-Control: no-store', async () => {
    for (const person of [cast.viewerA, cast.adminA, cast.superAdmin]) {
      const res = await get(cast.tenantA.id, person.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        logoUrl: null,
        primaryColor: '#2563eb',
        theme: 'dark',
        powerBiGroupId: null,
        timeZone: 'UTC',
      });
    }
  });

  it("refuses another tenant's settings (403) and answers 404 for an unknown tenant", async () => {
    expect((await get(cast.tenantB.id, cast.viewerA.token)).statusCode).toBe(403);
    const missing = await get('00000000-0000-4000-8000-000000000000', cast.superAdmin.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('TENANT_NOT_FOUND');
  });
});

describe('PUT /api/tenants/{tenantId}/settings', () => {
  it("lets the tenant's Admin change logo, colour and theme, audited", async () => {
    const logoUrl = await storedFile('abc_DEF-123.png');
    const res = await put(cast.tenantB.id, cast.adminB.token, {
      logoUrl,
      primaryColor: '#FF0000',
      theme: 'light',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      logoUrl: '/api/files/abc_DEF-123.png',
      primaryColor: '#ff0000',
      theme: 'light',
      powerBiGroupId: null,
      timeZone: 'UTC',
    });
    const again = await get(cast.tenantB.id, cast.viewerB.token);
    expect(again.json().theme).toBe('light');
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id'])
      .where('tenant_id', '=', cast.tenantB.id)
      .where('action', '=', 'settings.update')
      .execute();
    expect(events).toEqual([{ action: 'settings.update', actor_id: cast.adminB.id }]);
  });

  it('keeps the logo when logoUrl is left out, and clears it with null', async () => {
    await put(cast.tenantA.id, cast.adminA.token, {
      logoUrl: await storedFile('keep.png'),
      primaryColor: '#123456',
      theme: 'dark',
    });
    const kept = await put(cast.tenantA.id, cast.adminA.token, {
      primaryColor: '#123456',
      theme: 'dark',
    });
    expect(kept.json().logoUrl).toBe('/api/files/keep.png');
    const cleared = await put(cast.tenantA.id, cast.adminA.token, {
      logoUrl: null,
      primaryColor: '#123456',
      theme: 'dark',
    });
    expect(cleared.json().logoUrl).toBeNull();
  });

  it('refuses Viewers, other tenants’ Admins and super administrators (403)', async () => {
    const body = { primaryColor: '#123456', theme: 'dark' };
    expect((await put(cast.tenantA.id, cast.viewerA.token, body)).statusCode).toBe(403);
    expect((await put(cast.tenantA.id, cast.adminB.token, body)).statusCode).toBe(403);
    expect((await put(cast.tenantA.id, cast.superAdmin.token, body)).statusCode).toBe(403);
  });

  it('accepts only logos this server stored: not unknown keys, not chat images', async () => {
    for (const logoUrl of [
      '/api/files/never-uploaded.png',
      await storedFile('chat-pic.png', 'chat-image'),
    ]) {
      const res = await put(cast.tenantA.id, cast.adminA.token, {
        logoUrl,
        primaryColor: '#123456',
        theme: 'dark',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual([
        { path: 'body.logoUrl', message: 'Upload the logo first and use the URL it returns' },
      ]);
    }
  });

  it('validates colour, theme and logo URL', async () => {
    const res = await put(cast.tenantA.id, cast.adminA.token, {
      logoUrl: 'javascript:alert(1)',
      primaryColor: '#12345',
      theme: 'pink',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.logoUrl', 'body.primaryColor', 'body.theme']);
  });
});
