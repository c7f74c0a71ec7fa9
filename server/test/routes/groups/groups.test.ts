import { randomUUID } from 'node:crypto';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { AccessMatrix, GroupDetail, GroupList } from '@canopy/portal-contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localAnalyticsSettings } from '../../../src/modules/analytics/start-local-analytics.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, type TestPerson } from '../../support/fixtures.ts';

// One emulator for the file; reports and embed tokens go over real HTTP to it.
let emulator: RunningEmulator;
let t: TestApp;
let superAdmin: TestPerson;

interface Onboarded {
  tenantId: string;
  groupId: string;
  reportId: string;
  admin: TestPerson;
}
let a: Onboarded;
let b: Onboarded;

async function onboard(name: string): Promise<Onboarded> {
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/tenants',
    token: superAdmin.token,
    payload: { name, adminEmail: `owner-${name.toLowerCase()}@example.com` },
  });
  expect(created.statusCode, created.body).toBe(201);
  const tenant = created.json<{ id: string; powerBiGroupId: string }>();
  const admin = await createPerson(t, { tenantId: tenant.id, role: 'Admin' });
  const listed = await listReports(admin, tenant.powerBiGroupId);
  const reportId = listed.json<{ reports: { id: string }[] }>().reports[0]!.id;
  return { tenantId: tenant.id, groupId: tenant.powerBiGroupId, reportId, admin };
}

const listReports = (person: TestPerson, groupId: string) =>
  t.request({
    method: 'POST',
    url: '/api/powerbi/reports',
    token: person.token,
    payload: { groupId },
  });
const visibleReports = async (person: TestPerson, tenant: Onboarded) => {
  const res = await listReports(person, tenant.groupId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ reports: { id: string }[] }>().reports.map((r) => r.id);
};
const embedStatus = async (person: TestPerson, tenant: Onboarded) =>
  (
    await t.request({
      method: 'POST',
      url: '/api/powerbi/embed-token',
      token: person.token,
      payload: { reportId: tenant.reportId, groupId: tenant.groupId },
    })
  ).statusCode;

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) => t.request({ method, url, token, payload });

async function createGroup(tenant: Onboarded, name: string, token = tenant.admin.token) {
  const res = await call('POST', `/api/tenants/${tenant.tenantId}/groups`, token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<GroupDetail>();
}
const groupUrl = (tenant: Onboarded, groupId: string) =>
  `/api/tenants/${tenant.tenantId}/groups/${groupId}`;
async function addMember(tenant: Onboarded, groupId: string, userId: string) {
  const res = await call(
    'PUT',
    `${groupUrl(tenant, groupId)}/members/${userId}`,
    tenant.admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}
async function grant(tenant: Onboarded, groupId: string, reportId = tenant.reportId) {
  const res = await call(
    'PUT',
    `${groupUrl(tenant, groupId)}/reports/${reportId}`,
    tenant.admin.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}
const viewerOf = (tenant: Onboarded, email?: string) =>
  createPerson(t, { tenantId: tenant.tenantId, role: 'Viewer', email });

beforeAll(async () => {
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 2_000 });
  t = await build({ analytics: localAnalyticsSettings(emulator) });
  superAdmin = await createPerson(t, { superAdmin: true });
  a = await onboard('Acme');
  b = await onboard('Globex');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('a report granted to a group', () => {
  it('appears in the list of its members and opens for them', async () => {
    const viewer = await viewerOf(a);
    expect(await visibleReports(viewer, a)).toEqual([]);
    expect(await embedStatus(viewer, a)).toBe(403);

    const group = await createGroup(a, 'Sales');
    await addMember(a, group.id, viewer.id);
    await grant(a, group.id);

    expect(await visibleReports(viewer, a)).toEqual([a.reportId]);
    expect(await embedStatus(viewer, a)).toBe(200);
  });

  it('is refused on the very next embed token once the member is removed', async () => {
    const viewer = await viewerOf(a);
    const group = await createGroup(a, 'Removal');
    await addMember(a, group.id, viewer.id);
    await grant(a, group.id);
    expect(await embedStatus(viewer, a)).toBe(200);

    const removed = await call(
      'DELETE',
      `${groupUrl(a, group.id)}/members/${viewer.id}`,
      a.admin.token,
    );
    expect(removed.statusCode).toBe(200);
    expect(await embedStatus(viewer, a)).toBe(403);
    expect(await visibleReports(viewer, a)).toEqual([]);
  });

  it('is refused at once when the group loses the grant, or the group is deleted', async () => {
    const viewer = await viewerOf(a);
    const revoked = await createGroup(a, 'Revoked');
    await addMember(a, revoked.id, viewer.id);
    await grant(a, revoked.id);
    expect(await embedStatus(viewer, a)).toBe(200);
    const res = await call(
      'DELETE',
      `${groupUrl(a, revoked.id)}/reports/${a.reportId}`,
      a.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(await embedStatus(viewer, a)).toBe(403);

    const deleted = await createGroup(a, 'Deleted');
    await addMember(a, deleted.id, viewer.id);
    await grant(a, deleted.id);
    expect(await embedStatus(viewer, a)).toBe(200);
    expect((await call('DELETE', groupUrl(a, deleted.id), a.admin.token)).statusCode).toBe(200);
    expect(await embedStatus(viewer, a)).toBe(403);
    expect((await call('GET', groupUrl(a, deleted.id), a.admin.token)).json().code).toBe(
      'GROUP_NOT_FOUND',
    );
  });

  it('stays open for a person in two groups that grant it, removed from one', async () => {
    const viewer = await viewerOf(a);
    const north = await createGroup(a, 'North');
    const south = await createGroup(a, 'South');
    for (const group of [north, south]) {
      await addMember(a, group.id, viewer.id);
      await grant(a, group.id);
    }
    await call('DELETE', `${groupUrl(a, north.id)}/members/${viewer.id}`, a.admin.token);
    expect(await embedStatus(viewer, a)).toBe(200);
    expect(await visibleReports(viewer, a)).toEqual([a.reportId]);
    await call('DELETE', `${groupUrl(a, south.id)}/members/${viewer.id}`, a.admin.token);
    expect(await embedStatus(viewer, a)).toBe(403);
  });

  it('gives nothing in another tenant: a group of tenant A never opens tenant B reports', async () => {
    const viewer = await viewerOf(a);
    const group = await createGroup(a, 'Own only');
    await addMember(a, group.id, viewer.id);
    await grant(a, group.id);
    const foreign = await t.request({
      method: 'POST',
      url: '/api/powerbi/embed-token',
      token: viewer.token,
      payload: { reportId: b.reportId, groupId: b.groupId },
    });
    expect(foreign.statusCode).toBe(403);
  });
});

describe('managing groups', () => {
  it('keeps names unique in a tenant whatever the case, but not across tenants', async () => {
    await createGroup(a, 'Finance');
    const again = await call('POST', `/api/tenants/${a.tenantId}/groups`, a.admin.token, {
      name: '  FINANCE ',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('GROUP_NAME_TAKEN');
    await createGroup(b, 'Finance');

    const other = await createGroup(a, 'Treasury');
    const renamed = await call('PATCH', groupUrl(a, other.id), a.admin.token, {
      name: 'finance',
    });
    expect(renamed.statusCode).toBe(409);
    const blank = await call('POST', `/api/tenants/${a.tenantId}/groups`, a.admin.token, {
      name: '   ',
    });
    expect(blank.statusCode).toBe(400);
  });

  it('lists groups by name with member counts and granted reports; renames', async () => {
    const viewer = await viewerOf(a);
    const group = await createGroup(a, 'aardvarks');
    await addMember(a, group.id, viewer.id);
    await addMember(a, group.id, viewer.id); // idempotent
    await grant(a, group.id);
    const list = (
      await call('GET', `/api/tenants/${a.tenantId}/groups`, a.admin.token)
    ).json<GroupList>();
    const names = list.groups.map((g) => g.name);
    expect(names).toEqual(
      [...names].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    const listed = list.groups.find((g) => g.id === group.id);
    expect(listed).toMatchObject({ memberCount: 1, reportIds: [a.reportId] });

    const res = await call('PATCH', groupUrl(a, group.id), a.admin.token, {
      name: 'Aardvarks',
      description: 'The early ones',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<GroupDetail>()).toMatchObject({
      name: 'Aardvarks',
      description: 'The early ones',
      members: [{ userId: viewer.id, email: viewer.email }],
      reports: [{ id: a.reportId }],
    });
  });

  it('lets a super administrator manage any tenant, naming it; an unknown tenant is 404', async () => {
    const group = await createGroup(b, 'By the super admin', superAdmin.token);
    expect(group.tenantId).toBe(b.tenantId);
    const unknown = await call('GET', `/api/tenants/${randomUUID()}/groups`, superAdmin.token);
    expect(unknown.statusCode).toBe(404);
  });

  it('answers 404 for a person, group or report of another tenant', async () => {
    const group = await createGroup(a, 'Cross');
    const personOfB = await viewerOf(b);
    const addB = await call(
      'PUT',
      `${groupUrl(a, group.id)}/members/${personOfB.id}`,
      a.admin.token,
    );
    expect(addB.statusCode).toBe(404);
    expect(addB.json().code).toBe('USER_NOT_FOUND');
    // A super administrator belongs to no tenant: never a member either.
    const addSuper = await call(
      'PUT',
      `${groupUrl(a, group.id)}/members/${superAdmin.id}`,
      superAdmin.token,
    );
    expect(addSuper.statusCode).toBe(404);

    const groupOfB = await createGroup(b, 'Theirs');
    const viewerA = await viewerOf(a);
    const intoB = await call(
      'PUT',
      `/api/tenants/${a.tenantId}/groups/${groupOfB.id}/members/${viewerA.id}`,
      a.admin.token,
    );
    expect(intoB.statusCode).toBe(404);
    expect(intoB.json().code).toBe('GROUP_NOT_FOUND');
    const reportOfB = await call(
      'PUT',
      `${groupUrl(a, group.id)}/reports/${b.reportId}`,
      a.admin.token,
    );
    expect(reportOfB.statusCode).toBe(404);
    expect(reportOfB.json().code).toBe('REPORT_NOT_FOUND');
    const asAdminB = await call('GET', `/api/tenants/${a.tenantId}/groups`, b.admin.token);
    expect(asAdminB.statusCode).toBe(403);
  });

  it('audits every change with the group as target', async () => {
    const viewer = await viewerOf(a);
    const group = await createGroup(a, 'Audited');
    await call('PATCH', groupUrl(a, group.id), a.admin.token, { name: 'Audited 2' });
    await addMember(a, group.id, viewer.id);
    await grant(a, group.id);
    await call('DELETE', `${groupUrl(a, group.id)}/reports/${a.reportId}`, a.admin.token);
    await call('DELETE', `${groupUrl(a, group.id)}/members/${viewer.id}`, a.admin.token);
    await call('DELETE', groupUrl(a, group.id), a.admin.token);
    const rows = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'tenant_id'])
      .where('target', '=', `group:${group.id}`)
      .orderBy('id')
      .execute();
    expect(rows.map((row) => row.action)).toEqual([
      'group.create',
      'group.update',
      'group.member_add',
      'group.grant',
      'group.revoke',
      'group.member_remove',
      'group.delete',
    ]);
    expect(new Set(rows.map((row) => `${row.actor_id} ${row.tenant_id}`))).toEqual(
      new Set([`${a.admin.id} ${a.tenantId}`]),
    );
  });
});

describe('the access matrix', () => {
  let matrixTenant: Onboarded;
  let direct: TestPerson;
  let grouped: TestPerson;
  let nothing: TestPerson;

  beforeAll(async () => {
    matrixTenant = await onboard('Initech');
    direct = await viewerOf(matrixTenant, 'direct-and-groups@initech.example');
    grouped = await viewerOf(matrixTenant, '=formula@initech.example');
    nothing = await viewerOf(matrixTenant, 'nobody@initech.example');
    const granted = await call('POST', '/api/powerbi/permissions/grant', superAdmin.token, {
      userId: direct.id,
      reportId: matrixTenant.reportId,
      workspaceId: matrixTenant.groupId,
      tenantId: matrixTenant.tenantId,
      canView: true,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    for (const name of ['Sales, EMEA', 'Ops "core"']) {
      const group = await createGroup(matrixTenant, name);
      await addMember(matrixTenant, group.id, direct.id);
      await addMember(matrixTenant, group.id, grouped.id);
      await grant(matrixTenant, group.id);
    }
  }, 30_000);

  it('says why each person may open each report', async () => {
    const res = await call(
      'GET',
      `/api/tenants/${matrixTenant.tenantId}/access-matrix`,
      matrixTenant.admin.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const matrix = res.json<AccessMatrix>();
    const cell = (userId: string) =>
      matrix.cells.find((c) => c.userId === userId && c.reportId === matrixTenant.reportId);
    expect(cell(matrixTenant.admin.id)).toMatchObject({ admin: true, direct: false, groups: [] });
    expect(cell(direct.id)).toMatchObject({
      admin: false,
      direct: true,
      groups: ['Ops "core"', 'Sales, EMEA'],
    });
    expect(cell(grouped.id)).toMatchObject({
      direct: false,
      groups: ['Ops "core"', 'Sales, EMEA'],
    });
    expect(cell(nothing.id)).toBeUndefined();
    expect(matrix.people.map((p) => p.email)).toContain('nobody@initech.example');
  });

  it('filters by person and report', async () => {
    const res = await call(
      'GET',
      `/api/tenants/${matrixTenant.tenantId}/access-matrix?person=NOBODY&reportId=${matrixTenant.reportId}`,
      matrixTenant.admin.token,
    );
    const matrix = res.json<AccessMatrix>();
    expect(matrix.people.map((p) => p.email)).toEqual(['nobody@initech.example']);
    expect(matrix.reports.map((r) => r.id)).toEqual([matrixTenant.reportId]);
    expect(matrix.cells).toEqual([]);
  });

  it('exports as RFC 4180 CSV with formulas neutralised', async () => {
    const res = await call(
      'GET',
      `/api/tenants/${matrixTenant.tenantId}/access-matrix/export.csv`,
      matrixTenant.admin.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="access-matrix-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Email,Name,Role,Sales Overview');
    expect(lines).toContain(
      'direct-and-groups@initech.example,,Viewer,"Direct; Group: Ops ""core""; Group: Sales, EMEA"',
    );
    expect(lines).toContain(
      `'=formula@initech.example,,Viewer,"Group: Ops ""core""; Group: Sales, EMEA"`,
    );
    expect(lines).toContain('nobody@initech.example,,Viewer,');
    expect(lines.at(-1)).toBe('');
  });
});
