import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultClient, type RunningEmulator } from '../src/index.ts';
import { start, type Wire } from './support/harness.ts';

const otherClient = { clientId: 'b7f0c2d4-0000-4000-8000-0000000000c2', clientSecret: 'other' };

interface Answer {
  status: number;
  headers: Headers;
  body: Wire;
}

/** A REST call as `clientId`, acting as `profileId` when given (the X-PowerBI-profile-id header). */
function caller(emulator: RunningEmulator, clientId = defaultClient.clientId) {
  return async (
    path: string,
    init: { method?: string; body?: unknown; profileId?: string } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${emulator.appToken(clientId)}`,
    };
    if (init.profileId !== undefined) headers['x-powerbi-profile-id'] = init.profileId;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${emulator.apiUrl}${path}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
  };
}

const names = (answer: Answer) => (answer.body.value as { name: string }[]).map((g) => g.name);

let emulator: RunningEmulator;
let api: ReturnType<typeof caller>;
beforeAll(async () => {
  emulator = await start({ rows: 1000, clients: [defaultClient, otherClient] });
  api = caller(emulator);
});
afterAll(() => emulator.close());

describe('service principal profiles', () => {
  it('are created, listed, filtered, read and renamed by the service principal', async () => {
    const created = await api('/profiles', { body: { displayName: 'Contoso' } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ displayName: 'Contoso' });
    const id = created.body.id as string;
    await api('/profiles', { body: { displayName: 'Fabrikam' } });

    const all = await api('/profiles');
    expect(all.body.value.map((p: Wire) => p.displayName)).toEqual(
      expect.arrayContaining(['Contoso', 'Fabrikam']),
    );
    const filtered = await api(
      `/profiles?$filter=${encodeURIComponent("displayName eq 'Contoso'")}`,
    );
    expect(filtered.body.value).toEqual([{ id, displayName: 'Contoso' }]);
    expect((await api('/profiles?$top=1')).body.value).toHaveLength(1);
    expect((await api('/profiles?$filter=id eq 1')).status).toBe(400);

    const renamed = await api(`/profiles/${id}`, {
      method: 'PUT',
      body: { displayName: 'Contoso Ltd' },
    });
    expect(renamed.body).toMatchObject({ id, displayName: 'Contoso Ltd' });
    expect((await api(`/profiles/${id}`)).body).toMatchObject({ id, displayName: 'Contoso Ltd' });
    expect((await api('/profiles', { body: { displayName: '  ' } })).status).toBe(400);
    expect((await api('/profiles', { body: {} })).status).toBe(400);
  });

  it('keep workspaces apart: a profile sees only its own, the principal only its own', async () => {
    const a = (await api('/profiles', { body: { displayName: 'Tenant A' } })).body.id as string;
    const b = (await api('/profiles', { body: { displayName: 'Tenant B' } })).body.id as string;
    const created = await api('/groups', { body: { name: 'Tenant A - 2026' }, profileId: a });
    expect(created.status).toBe(200);
    const workspaceId = created.body.id as string;

    expect(names(await api('/groups', { profileId: a }))).toEqual(['Tenant A - 2026']);
    expect(names(await api('/groups', { profileId: b }))).toEqual([]);
    expect(names(await api('/groups'))).not.toContain('Tenant A - 2026');
    expect(names(await api('/groups'))).toContain('Canopy Samples');

    // Neither the other profile nor the principal itself can reach the profile's workspace.
    expect((await api(`/groups/${workspaceId}`, { profileId: b })).status).toBe(401);
    expect((await api(`/groups/${workspaceId}`)).status).toBe(401);
    expect((await api(`/groups/${workspaceId}/reports`)).status).toBe(401);
    // Nor can the profile reach the principal's sample workspace.
    const sample = `/groups/${emulator.sample.groupId}/reports`;
    expect((await api(sample, { profileId: a })).status).toBe(401);

    // The profile is the workspace's Admin, listed with the principal's id and the profile.
    const users = await api(`/groups/${workspaceId}/users`, { profileId: a });
    expect(users.body.value).toEqual([
      expect.objectContaining({
        identifier: defaultClient.clientId,
        principalType: 'App',
        groupUserAccessRight: 'Admin',
        profile: { id: a, displayName: 'Tenant A' },
      }),
    ]);

    // It embeds its own content: the token it generates names the profile as its principal.
    const reports = await api(`/groups/${workspaceId}/reports`, { profileId: a });
    const report = (reports.body.value as Wire[])[0];
    const token = await api(`/groups/${workspaceId}/reports/${report.id}/GenerateToken`, {
      body: { accessLevel: 'View' },
      profileId: a,
    });
    expect(token.status).toBe(200);
    const claims = JSON.parse(
      Buffer.from(String(token.body.token).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims.sub).toBe(a);
  });

  it('answer a bad, unknown or foreign profile id with 400 or 404, and keep their API to the principal', async () => {
    const own = (await api('/profiles', { body: { displayName: 'Mine' } })).body.id as string;
    expect((await api('/groups', { profileId: 'not-a-guid' })).status).toBe(400);
    const unknown = await api('/groups', { profileId: '3b211778-e7a5-4d73-8187-f10824047724' });
    expect(unknown.status).toBe(404);

    const other = caller(emulator, otherClient.clientId);
    // Another service principal cannot use, read, rename or delete this principal's profile.
    expect((await other('/groups', { profileId: own })).status).toBe(404);
    expect((await other(`/profiles/${own}`)).status).toBe(404);
    const rename = await other(`/profiles/${own}`, { method: 'PUT', body: { displayName: 'x' } });
    expect(rename.status).toBe(404);
    expect((await other(`/profiles/${own}`, { method: 'DELETE' })).status).toBe(404);
    expect((await other('/profiles')).body.value).toEqual([]);

    // A profile cannot manage profiles, its own included.
    const asProfile = await api('/profiles', { profileId: own });
    expect(asProfile.status).toBe(403);
    expect(
      (await api('/profiles', { body: { displayName: 'Nested' }, profileId: own })).status,
    ).toBe(403);
    expect((await api(`/profiles/${own}`, { method: 'DELETE', profileId: own })).status).toBe(403);
  });

  it('deleting a profile keeps its workspaces and content, which nobody reaches through the API', async () => {
    const id = (await api('/profiles', { body: { displayName: 'Leaving' } })).body.id as string;
    const workspaceId = (await api('/groups', { body: { name: 'Leaving - 2026' }, profileId: id }))
      .body.id as string;
    expect((await api(`/profiles/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(`/profiles/${id}`)).status).toBe(404);
    expect((await api('/groups', { profileId: id })).status).toBe(404);
    expect((await api(`/profiles/${id}`, { method: 'DELETE' })).status).toBe(404);
    expect(emulator.state.workspaces.get(workspaceId)?.users).toEqual([]);
    expect(emulator.state.reportsIn(workspaceId).length).toBeGreaterThan(0);
    expect((await api(`/groups/${workspaceId}`)).status).toBe(401);
  });

  it('can be given access to an existing workspace, and have it taken away', async () => {
    const id = (await api('/profiles', { body: { displayName: 'Migrated' } })).body.id as string;
    const groupId = emulator.sample.groupId;
    const grant = await api(`/groups/${groupId}/users`, {
      body: {
        identifier: defaultClient.clientId,
        principalType: 'App',
        groupUserAccessRight: 'Viewer',
        profile: { id },
      },
    });
    expect(grant.status).toBe(200);
    expect(names(await api('/groups', { profileId: id }))).toEqual(['Canopy Samples']);
    // A Viewer profile reads but cannot delete content; the principal keeps its own Admin role.
    expect((await api(`/groups/${groupId}/reports`, { profileId: id })).status).toBe(200);
    const users = await api(`/groups/${groupId}/users`);
    expect(users.body.value).toContainEqual(
      expect.objectContaining({
        identifier: defaultClient.clientId,
        groupUserAccessRight: 'Admin',
      }),
    );

    // Another principal's profile, or a profile that does not exist, cannot be granted.
    const foreign = await api(`/groups/${groupId}/users`, {
      body: {
        identifier: otherClient.clientId,
        principalType: 'App',
        groupUserAccessRight: 'Viewer',
        profile: { id },
      },
    });
    expect(foreign.status).toBe(404);

    const removed = await api(
      `/groups/${groupId}/users/${defaultClient.clientId}?profileId=${id}`,
      { method: 'DELETE' },
    );
    expect(removed.status).toBe(200);
    expect(names(await api('/groups', { profileId: id }))).toEqual([]);
    // Removing the profile's access left the principal's own.
    expect(names(await api('/groups'))).toContain('Canopy Samples');
  });
});

describe('the workspaces-per-principal guidance', () => {
  it('warns past the configured count, counting each profile on its own', async () => {
    const small = await start({
      rows: 1000,
      populateNewWorkspaces: false,
      workspacesPerPrincipalWarning: 2,
    });
    try {
      const call = caller(small);
      // The principal already has the sample workspace: its second is fine, its third is past 2.
      const second = await call('/groups', { body: { name: 'Two' } });
      expect(second.headers.get('x-emulator-warning')).toBeNull();
      const third = await call('/groups', { body: { name: 'Three' } });
      expect(third.status).toBe(200);
      expect(third.headers.get('x-emulator-warning')).toMatch(/3 workspaces.*more than the 2/);

      const profile = (await call('/profiles', { body: { displayName: 'P' } })).body.id as string;
      const own = await call('/groups', { body: { name: 'P1' }, profileId: profile });
      expect(own.headers.get('x-emulator-warning')).toBeNull();
    } finally {
      await small.close();
    }
  });

  it('is off at 0, and profiles stop at the configured count per principal', async () => {
    const small = await start({
      rows: 1000,
      populateNewWorkspaces: false,
      workspacesPerPrincipalWarning: 0,
      profilesPerPrincipal: 1,
    });
    try {
      const call = caller(small);
      for (const name of ['a', 'b', 'c']) {
        const created = await call('/groups', { body: { name } });
        expect(created.headers.get('x-emulator-warning')).toBeNull();
      }
      expect((await call('/profiles', { body: { displayName: 'One' } })).status).toBe(200);
      const two = await call('/profiles', { body: { displayName: 'Two' } });
      expect(two.status).toBe(400);
      expect(two.body.error.message).toMatch(/at most 1 profiles/);
    } finally {
      await small.close();
    }
  });
});

describe('profiles with a data folder', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'emulator-profiles-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('survive a restart, with the workspaces they own', async () => {
    const first = await start({ rows: 1000, dataDir, populateNewWorkspaces: false });
    const before = caller(first);
    const id = (await before('/profiles', { body: { displayName: 'Kept' } })).body.id as string;
    await before('/groups', { body: { name: 'Kept - 2026' }, profileId: id });
    await first.close();

    const second = await start({ rows: 1000, dataDir, populateNewWorkspaces: false });
    try {
      const after = caller(second);
      expect((await after(`/profiles/${id}`)).body).toMatchObject({ displayName: 'Kept' });
      expect(names(await after('/groups', { profileId: id }))).toEqual(['Kept - 2026']);
    } finally {
      await second.close();
    }
  });
});
