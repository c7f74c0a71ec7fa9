import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../src/errors.ts';
import type { WorkspaceProvisioner } from '../../../src/modules/tenants/workspace-provisioner.ts';
import { build, type TestApp } from '../../helper.ts';
import { createCast, createPerson, createTenant, type Cast } from '../../support/fixtures.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';

/** A provisioner that records what it was asked, and fails for tenants named "Refused…". */
const provisioned: string[] = [];
const removed: string[] = [];
const workspaces: WorkspaceProvisioner = {
  create(tenant) {
    if (tenant.name.startsWith('Refused')) {
      return Promise.reject(new AppError('ANALYTICS_UNAVAILABLE'));
    }
    provisioned.push(tenant.id);
    return Promise.resolve({ powerBiGroupId: `group-${tenant.id}` });
  },
  remove(powerBiGroupId) {
    removed.push(powerBiGroupId);
    return Promise.resolve();
  },
};

let t: TestApp;
let cast: Cast;
beforeAll(async () => {
  t = await build({ workspaces });
  cast = await createCast(t);
});
afterAll(() => t.close());

const su = () => cast.superAdmin.token;
const create = (payload: object, token = su()) =>
  t.request({ method: 'POST', url: '/api/admin/tenants', token, payload });

describe('POST /api/admin/tenants', () => {
  it('creates an active tenant with the default colour and theme, and provisions its workspace', async () => {
    const res = await create({ name: 'Acme', adminEmail: 'Boss@Acme.example' });
    expect(res.statusCode).toBe(201);
    const tenant = res.json();
    expect(tenant).toMatchObject({
      name: 'Acme',
      adminEmail: 'boss@acme.example',
      status: 'active',
      primaryColor: '#2563eb',
      theme: 'dark',
      logoUrl: null,
      powerBiGroupId: `group-${tenant.id}`,
    });
    expect(provisioned).toContain(tenant.id);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id'])
      .where('tenant_id', '=', tenant.id)
      .execute();
    // Its administrator was invited with it, audited like any new person.
    expect(events).toEqual([
      { action: 'tenant.create', actor_id: cast.superAdmin.id },
      { action: 'user.create', actor_id: cast.superAdmin.id },
    ]);
  });

  it('creates a tenant without a workspace when createPowerBIWorkspace is false', async () => {
    const res = await create({
      name: 'Refused but fine',
      adminEmail: 'fine@example.com',
      createPowerBIWorkspace: false,
      theme: 'light',
      primaryColor: '#AABBCC',
      status: 'inactive',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      powerBiGroupId: null,
      theme: 'light',
      primaryColor: '#aabbcc',
      status: 'inactive',
    });
  });

  it('leaves no tenant behind when the workspace cannot be created', async () => {
    const res = await create({ name: 'Refused Corp', adminEmail: 'refused@example.com' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('ANALYTICS_UNAVAILABLE');
    const rows = await t.database.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', 'Refused Corp')
      .execute();
    expect(rows).toEqual([]);
  });

  it('validates the body: name required, admin email in email format, colours as #rrggbb', async () => {
    const res = await create({ name: ' ', adminEmail: 'nope', primaryColor: 'red' });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .fields.map((f: { path: string }) => f.path)
        .sort(),
    ).toEqual(['body.adminEmail', 'body.name', 'body.primaryColor']);
  });

  it('takes a logo uploaded beforehand, and refuses any other URL', async () => {
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/admin/upload-logo',
      token: su(),
      ...multipart('logo', TINY_PNG),
    });
    const { url } = uploaded.json();
    const res = await create({ name: 'Logo', adminEmail: 'logo@example.com', logoUrl: url });
    expect(res.statusCode).toBe(201);
    expect(res.json().logoUrl).toBe(url);
    for (const logoUrl of ['https://evil.example/x.png', '/api/files/not-uploaded.png']) {
      const refused = await create({ name: 'Logo', adminEmail: 'logo-2@example.com', logoUrl });
      expect(refused.statusCode, logoUrl).toBe(400);
    }
  });

  it('is for super administrators only', async () => {
    const res = await create({ name: 'X', adminEmail: 'a@example.com' }, cast.adminA.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      error: 'You do not have permission to perform this action',
      code: 'FORBIDDEN',
    });
  });
});

describe('the default workspace provisioner', () => {
  it('refuses a workspace with 503 ANALYTICS_UNAVAILABLE, and creates tenants without one', async () => {
    const plain = await build();
    try {
      const admin = await createPerson(plain, { superAdmin: true });
      const asked = await plain.request({
        method: 'POST',
        url: '/api/admin/tenants',
        token: admin.token,
        payload: { name: 'Needs BI', adminEmail: 'bi@example.com' },
      });
      expect(asked.statusCode).toBe(503);
      expect(asked.json().code).toBe('ANALYTICS_UNAVAILABLE');
      const without = await plain.request({
        method: 'POST',
        url: '/api/admin/tenants',
        token: admin.token,
        payload: { name: 'No BI', adminEmail: 'no-bi@example.com', createPowerBIWorkspace: false },
      });
      expect(without.statusCode).toBe(201);
      const names = await plain.database.db.selectFrom('tenants').select('name').execute();
      expect(names).toEqual([{ name: 'No BI' }]);
    } finally {
      await plain.close();
    }
  });
});

describe('GET /api/admin/tenants and /api/admin/tenants/{id}', () => {
  it('lists every tenant for a super administrator', async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/tenants', token: su() });
    expect(res.statusCode).toBe(200);
    const ids = res.json().tenants.map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([cast.tenantA.id, cast.tenantB.id]));
  });

  it('refuses the list to tenant Admins', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/tenants',
      token: cast.adminA.token,
    });
    expect(res.statusCode).toBe(403);
  });

  it('reads one tenant with Cache-Control: no-cache', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/admin/tenants/${cast.tenantA.id}`,
      token: su(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toMatchObject({ id: cast.tenantA.id, name: 'Tenant A' });
  });

  it("lets a tenant Admin read their own tenant (branding), and no one else's", async () => {
    const own = await t.request({
      method: 'GET',
      url: `/api/admin/tenants/${cast.tenantA.id}`,
      token: cast.adminA.token,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(cast.tenantA.id);
    const other = await t.request({
      method: 'GET',
      url: `/api/admin/tenants/${cast.tenantB.id}`,
      token: cast.adminA.token,
    });
    expect(other.statusCode).toBe(403);
    const viewer = await t.request({
      method: 'GET',
      url: `/api/admin/tenants/${cast.tenantA.id}`,
      token: cast.viewerA.token,
    });
    expect(viewer.statusCode).toBe(403);
  });

  it('answers 404 for a tenant that does not exist', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/admin/tenants/00000000-0000-4000-8000-000000000000',
      token: su(),
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('TENANT_NOT_FOUND');
  });
});

describe('PUT /api/admin/tenants/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const tenant = await createTenant(t, { name: 'Before' });
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/tenants/${tenant.id}`,
      token: su(),
      payload: {
        name: 'After',
        adminEmail: 'new@example.com',
        theme: 'light',
        createPowerBIWorkspace: true,
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'After',
      adminEmail: 'new@example.com',
      theme: 'light',
      status: 'active',
      primaryColor: '#2563eb',
      powerBiGroupId: null,
    });
  });

  it('deactivating a tenant ends its people’s access at once', async () => {
    const tenant = await createTenant(t);
    const person = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const before = await t.request({
      method: 'GET',
      url: `/api/users/tenant/${tenant.id}`,
      token: person.token,
    });
    expect(before.statusCode).toBe(200);
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/tenants/${tenant.id}`,
      token: su(),
      payload: { name: tenant.name, adminEmail: tenant.admin_email, status: 'inactive' },
    });
    expect(res.json().status).toBe('inactive');
    const after = await t.request({
      method: 'GET',
      url: `/api/users/tenant/${tenant.id}`,
      token: person.token,
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers 404 for an unknown tenant', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/admin/tenants/00000000-0000-4000-8000-000000000000',
      token: su(),
      payload: { name: 'X', adminEmail: 'x@example.com' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/tenants/{id}', () => {
  const rowCount = async (query: RawBuilder<unknown>) => {
    const { rows } = await (query as RawBuilder<{ n: number | string }>).execute(t.database.db);
    return Number(rows[0]?.n);
  };

  it('removes the tenant with its people, sessions, tokens, files, reports, grants, integrations and chat in one go', async () => {
    const db = t.database.db;
    const tenant = await createTenant(t, { powerBiGroupId: 'group-to-remove' });
    const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const viewer = await createPerson(t, { tenantId: tenant.id, role: 'Viewer' });
    await t.database.db
      .insertInto('files')
      .values({
        key: 'doomed.png',
        content_type: 'image/png',
        size: 1,
        purpose: 'logo',
        tenant_id: tenant.id,
        created_by: admin.id,
      })
      .execute();
    await t.database.db
      .insertInto('password_tokens')
      .values({
        user_id: viewer.id,
        token_hash: `h-${viewer.id}`,
        purpose: 'invite',
        expires_at: new Date(Date.now() + 60_000),
      })
      .execute();
    // Reports, grants and chat belong to other modules: plain SQL keeps this test independent of
    // their table types, and the counts prove the cascades reach them too.
    const reportId = `report-${tenant.id}`;
    await sql`insert into reports (id, tenant_id, power_bi_group_id, name, embed_url)
      values (${reportId}, ${tenant.id}, 'group-to-remove', 'Sales', 'https://embed.test/r')`.execute(
      db,
    );
    await sql`insert into report_grants (user_id, report_id, tenant_id)
      values (${viewer.id}, ${reportId}, ${tenant.id})`.execute(db);
    // A conversation names its two people in id order (the chat table checks it).
    const [first, second] = [admin.id, viewer.id].sort();
    const conversation = await sql<{ id: string }>`
      insert into conversations (tenant_id, key, user_a, user_b)
      values (${tenant.id}, ${`${first}_${second}`}, ${first}, ${second}) returning id`.execute(db);
    await sql`insert into integrations (tenant_id, source_id, connection_id, external_tenant_id,
        external_tenant_type, scopes, access_token_enc, refresh_token_enc, access_expires_at)
      values (${tenant.id}, 'xero', 'c1', 'x1', 'ORGANISATION', 'offline_access', 'enc', 'enc', now())`.execute(
      db,
    );
    await sql`insert into messages (conversation_id, sender_id, content, created_at)
      values (${conversation.rows[0]!.id}, ${admin.id}, 'hello', now())`.execute(db);

    const tenantScoped = [
      'users',
      'files',
      'reports',
      'report_grants',
      'conversations',
      'integrations',
    ];
    const userScoped = ['sessions', 'user_roles', 'password_tokens'];
    const counts = async () => [
      ...(await Promise.all(
        tenantScoped.map((table) =>
          rowCount(
            sql`select count(*) as n from ${sql.table(table)} where tenant_id = ${tenant.id}`,
          ),
        ),
      )),
      ...(await Promise.all(
        userScoped.map((table) =>
          rowCount(
            sql`select count(*) as n from ${sql.table(table)} where user_id in (${admin.id}, ${viewer.id})`,
          ),
        ),
      )),
      await rowCount(sql`select count(*) as n from refresh_tokens r join sessions s on s.id = r.session_id
        where s.user_id in (${admin.id}, ${viewer.id})`),
      await rowCount(
        sql`select count(*) as n from messages where sender_id in (${admin.id}, ${viewer.id})`,
      ),
    ];
    // users, files, reports, grants, conversations, integrations, sessions, roles, password
    // tokens, refresh tokens, messages
    expect(await counts()).toEqual([2, 1, 1, 1, 1, 1, 2, 2, 1, 2, 1]);

    const res = await t.request({
      method: 'DELETE',
      url: `/api/admin/tenants/${tenant.id}`,
      token: su(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await counts()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(removed).toContain('group-to-remove');
    // Other tenants are untouched.
    const others = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', cast.tenantA.id)
      .execute();
    expect(others.length).toBeGreaterThanOrEqual(2);
    // Their tokens are dead.
    const stale = await t.request({
      method: 'GET',
      url: `/api/tenants/${tenant.id}/settings`,
      token: admin.token,
    });
    expect(stale.statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('tenant_id', '=', tenant.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('tenant.delete');
  });

  it("removes the tenant's stored logos from storage too", async () => {
    const tenant = await createTenant(t);
    const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
    const uploaded = await t.request({
      method: 'POST',
      url: '/api/upload-logo',
      token: admin.token,
      ...multipart('logo', TINY_PNG),
    });
    const { url } = uploaded.json();
    const key = url.split('/').pop();
    expect(await t.app.storage.get(key)).not.toBeNull();
    await t.request({ method: 'DELETE', url: `/api/admin/tenants/${tenant.id}`, token: su() });
    expect(await t.app.storage.get(key)).toBeNull();
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('answers 404 for an unknown tenant and 403 to anyone but a super administrator', async () => {
    const unknown = await t.request({
      method: 'DELETE',
      url: '/api/admin/tenants/00000000-0000-4000-8000-000000000000',
      token: su(),
    });
    expect(unknown.statusCode).toBe(404);
    const byAdmin = await t.request({
      method: 'DELETE',
      url: `/api/admin/tenants/${cast.tenantA.id}`,
      token: cast.adminA.token,
    });
    expect(byAdmin.statusCode).toBe(403);
  });
});
