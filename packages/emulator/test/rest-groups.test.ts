import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, call, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
let api: ReturnType<typeof rest>;
beforeAll(async () => {
  emulator = await start({ rows: 1000 });
  api = rest(emulator, await appTokenFor(emulator));
});
afterAll(() => emulator.close());

describe('REST groups', () => {
  it('lists the sample workspace in an OData envelope', async () => {
    const response = await api('/groups');
    expect(response.status).toBe(200);
    expect(response.headers.get('requestid')).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body['@odata.context']).toBe(`${emulator.url}/v1.0/myorg/$metadata#groups`);
    expect(response.body.value).toContainEqual(
      expect.objectContaining({
        id: emulator.sample.groupId,
        name: 'Canopy Samples',
        isReadOnly: false,
      }),
    );
  });

  it('creates a workspace (caller becomes Admin, content seeded), filters, pages and deletes it', async () => {
    const created = await api('/groups?workspaceV2=true', {
      body: { name: "Acme's tenant - 2025" },
    });
    expect(created.status).toBe(200);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      name: "Acme's tenant - 2025",
      isOnDedicatedCapacity: false,
      type: 'Workspace',
    });

    const users = await api(`/groups/${id}/users`);
    expect(users.body.value).toEqual([
      expect.objectContaining({
        identifier: emulator.clientId,
        principalType: 'App',
        groupUserAccessRight: 'Admin',
      }),
    ]);
    const reports = await api(`/groups/${id}/reports`);
    expect(reports.body.value.map((r: { name: string }) => r.name).sort()).toEqual([
      'Customer Sales Statement',
      'Sales Overview',
      'Sales Overview (RLS)',
    ]);
    expect(reports.body.value[0].id).not.toBe(emulator.sample.salesReportId);

    const filtered = await api(
      `/groups?$filter=${encodeURIComponent("name eq 'Acme''s tenant - 2025'")}`,
    );
    expect(filtered.body.value.map((g: { id: string }) => g.id)).toEqual([id]);
    const contains = await api(`/groups?$filter=${encodeURIComponent("contains(name,'acme')")}`);
    expect(contains.body.value).toHaveLength(1);
    const paged = await api('/groups?$top=1&$skip=1');
    expect(paged.body.value).toHaveLength(1);
    expect(paged.body['@odata.count']).toBe(2);

    // A capacity is named by its GUID, as in the service; anything else is a 400.
    const notGuid = await api(`/groups/${id}/AssignToCapacity`, { body: { capacityId: 'cap-1' } });
    expect(notGuid.status).toBe(400);
    const capacityId = '0f084df7-c13d-451b-af5f-ed0c466403b2';
    const assign = await api(`/groups/${id}/AssignToCapacity`, { body: { capacityId } });
    expect(assign.status).toBe(200);
    expect((await api(`/groups/${id}`)).body).toMatchObject({
      isOnDedicatedCapacity: true,
      capacityId,
    });

    expect((await api(`/groups/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/groups/${id}/reports`)).status).toBe(404);
  });

  it('adds, updates, lists and removes group users', async () => {
    const groupId = emulator.sample.groupId;
    const add = await api(`/groups/${groupId}/users`, {
      body: { emailAddress: 'ops@example.com', groupUserAccessRight: 'Viewer' },
    });
    expect(add.status).toBe(200);
    expect(add.body).toBe('');
    await api(`/groups/${groupId}/users`, {
      body: { emailAddress: 'ops@example.com', groupUserAccessRight: 'Member' },
    });
    const list = await api(`/groups/${groupId}/users`);
    const ops = list.body.value.filter(
      (u: { identifier: string }) => u.identifier === 'ops@example.com',
    );
    expect(ops).toEqual([
      expect.objectContaining({ groupUserAccessRight: 'Member', principalType: 'User' }),
    ]);
    expect(
      (await api(`/groups/${groupId}/users/ops@example.com`, { method: 'DELETE' })).status,
    ).toBe(200);
    expect(
      (await api(`/groups/${groupId}/users/ops@example.com`, { method: 'DELETE' })).status,
    ).toBe(404);
  });

  it('answers malformed bodies with 400 BadRequest and details', async () => {
    const missing = await api('/groups', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('BadRequest');
    expect(missing.body.error.details[0].target).toBe('name');
    const broken = await api('/groups', { rawBody: '{"name":' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('BadRequest');
    const badRight = await api(`/groups/${emulator.sample.groupId}/users`, {
      body: { emailAddress: 'x@example.com', groupUserAccessRight: 'Owner' },
    });
    expect(badRight.status).toBe(400);
    expect(badRight.body.error.details[0].target).toBe('groupUserAccessRight');
    const noPrincipal = await api(`/groups/${emulator.sample.groupId}/users`, {
      body: { groupUserAccessRight: 'Viewer' },
    });
    expect(noPrincipal.status).toBe(400);
    // Workspace ids in bodies are GUIDs, as the service types them.
    const { groupId, salesReportId } = emulator.sample;
    const badTarget = await api(`/groups/${groupId}/reports/${salesReportId}/Clone`, {
      body: { name: 'Copy', targetWorkspaceId: 'my-workspace' },
    });
    expect(badTarget.status).toBe(400);
    expect(badTarget.body.error.details[0].target).toBe('targetWorkspaceId');
    const badFilter = await api('/groups?$filter=startswith(name,1)');
    expect(badFilter.status).toBe(400);
  });

  it('404s unknown ids and unknown paths with PowerBIEntityNotFound', async () => {
    for (const path of [
      '/groups/00000000-0000-0000-0000-000000000000/reports',
      '/groups/nope/users',
      '/nothing/here',
    ]) {
      const response = await api(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({
        error: {
          code: 'PowerBIEntityNotFound',
          'pbi.error': {
            code: 'PowerBIEntityNotFound',
            parameters: {},
            details: [],
            exceptionCulprit: 1,
          },
        },
      });
    }
  });

  it('401s without a token, with an embed token or a foreign one; 403 TokenExpired when expired', async () => {
    const none = await call(`${emulator.apiUrl}/groups`);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { code: 'PowerBINotAuthorizedException' } });
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer /);
    const embed = await call(`${emulator.apiUrl}/groups`, { token: emulator.mintToken().token });
    expect(embed.status).toBe(401);
    const garbage = await call(`${emulator.apiUrl}/groups`, { token: 'a.b.c' });
    expect(garbage.status).toBe(401);

    let now = Date.now();
    const timed = await start({ rows: 100, now: () => now });
    try {
      const token = await appTokenFor(timed);
      now += 3600_000;
      const expired = await call(`${timed.apiUrl}/groups`, { token });
      expect(expired.status).toBe(403);
      expect(expired.body).toEqual({
        error: {
          code: 'TokenExpired',
          message: 'Access token has expired, resubmit with a new access token',
        },
      });
    } finally {
      await timed.close();
    }
  });

  it('401s a client that is not a member of the workspace', async () => {
    const two = await start({
      rows: 100,
      clients: [
        { clientId: 'owner', clientSecret: 'a' },
        { clientId: 'outsider', clientSecret: 'b' },
      ],
    });
    try {
      const outsider = rest(two, two.appToken('outsider'));
      const created = await rest(two, two.appToken('owner'))('/groups', {
        body: { name: 'Private' },
      });
      const response = await outsider(`/groups/${created.body.id as string}/reports`);
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('PowerBINotAuthorizedException');
      expect((await outsider('/groups')).body.value.map((g: { name: string }) => g.name)).toEqual([
        'Canopy Samples',
      ]);
    } finally {
      await two.close();
    }
  });
});
