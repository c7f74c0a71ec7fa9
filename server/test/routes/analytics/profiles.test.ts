import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/errors.ts';
import { AnalyticsClient } from '../../../src/modules/analytics/analytics-client.ts';
import { AnalyticsGateway } from '../../../src/modules/analytics/analytics-gateway.ts';
import { moveTenantsToProfiles } from '../../../src/modules/analytics/move-tenants-to-profiles.ts';
import { localAnalyticsSettings } from '../../../src/modules/analytics/start-local-analytics.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, type TestPerson } from '../../support/fixtures.ts';

/**
 * One analytics profile per tenant, against the emulator over real HTTP: with profiles on, a new
 * tenant's workspace belongs to its profile alone, so every flow that works for it proves its calls
 * carry X-PowerBI-profile-id (the service principal by itself is refused there). With profiles off,
 * the principal owns the workspace until moveTenantsToProfiles (the analytics-profiles command)
 * hands it to a profile.
 */
let emulator: RunningEmulator;
/** The service principal, as a test would call the REST API by hand. */
let principal: AnalyticsClient;
let on: TestApp;
let off: TestApp;
let superOn: TestPerson;
let superOff: TestPerson;

beforeAll(async () => {
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 5_000 });
  const settings = localAnalyticsSettings(emulator);
  principal = new AnalyticsClient(settings);
  on = await build({ analytics: settings });
  // Off, and keeping workspaces of deleted tenants: the other branch of each decision.
  off = await build({
    analytics: settings,
    env: { CANOPY_ANALYTICS_PROFILES: 'off', CANOPY_ANALYTICS_DELETE_WORKSPACES: 'false' },
  });
  superOn = await createPerson(on, { superAdmin: true });
  superOff = await createPerson(off, { superAdmin: true });
}, 120_000);

afterAll(async () => {
  await on?.close();
  await off?.close();
  await emulator?.close();
});

interface Created {
  id: string;
  powerBiGroupId: string;
  admin: TestPerson;
}

async function createTenant(t: TestApp, su: TestPerson, name: string): Promise<Created> {
  const response = await t.request({
    method: 'POST',
    url: '/api/admin/tenants',
    token: su.token,
    payload: {
      name,
      adminEmail: `owner-${name.toLowerCase().replaceAll(' ', '-')}@example.com`,
      createPowerBIWorkspace: true,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const tenant = response.json<{ id: string; powerBiGroupId: string }>();
  return { ...tenant, admin: await createPerson(t, { tenantId: tenant.id, role: 'Admin' }) };
}

const storedProfile = async (t: TestApp, tenantId: string) =>
  (
    await t.database.db
      .selectFrom('tenants')
      .select('analytics_profile_id')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow()
  ).analytics_profile_id;

/** Who holds which role in a workspace: `profile:<id>` or the principal's client id. */
const membersOf = (powerBiGroupId: string) =>
  (emulator.state.workspaces.get(powerBiGroupId)?.users ?? []).map((user) => [
    user.profile ? `profile:${user.profile.id}` : user.identifier,
    user.groupUserAccessRight,
  ]);

/** The error code of a call, or 'ok'. */
async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'ok';
  } catch (error) {
    return isAppError(error) ? error.code : String(error);
  }
}

/** What a tenant's person sees: the report list, an embed token that opens it, its pages. */
async function useReports(t: TestApp, tenant: Created) {
  const list = await t.request({
    method: 'POST',
    url: '/api/powerbi/reports',
    token: tenant.admin.token,
    payload: { groupId: tenant.powerBiGroupId },
  });
  expect(list.statusCode, list.body).toBe(200);
  const reports = list.json<{ reports: { id: string; lastRefreshTime: string | null }[] }>()
    .reports;
  expect(reports).toHaveLength(1);
  const [report] = reports;
  // Read from the template's shared dataset, which the profile reaches as a Viewer.
  expect(report?.lastRefreshTime).not.toBeNull();
  const token = await t.request({
    method: 'POST',
    url: '/api/powerbi/embed-token',
    token: tenant.admin.token,
    payload: { reportId: report?.id, groupId: tenant.powerBiGroupId },
  });
  expect(token.statusCode, token.body).toBe(200);
  const query = await fetch(`${emulator.url}/_emulator/query?reportId=${report?.id}`, {
    method: 'POST',
    headers: {
      authorization: `EmbedToken ${token.json<{ embedToken: string }>().embedToken}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      datasetId: emulator.sample.securedDatasetId,
      measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
    }),
  });
  expect(query.status).toBe(200);
  const pages = await t.request({
    method: 'GET',
    url: `/api/subscriptions/pages?reportId=${report?.id}`,
    token: tenant.admin.token,
  });
  expect(pages.statusCode, pages.body).toBe(200);
  expect(pages.json<{ pages: unknown[] }>().pages.length).toBeGreaterThan(0);
}

describe('with profiles on (the default)', () => {
  let acme: Created;
  let profileId: string;

  beforeAll(async () => {
    acme = await createTenant(on, superOn, "Acme's Shop");
    profileId = (await storedProfile(on, acme.id)) ?? '';
  });

  it('gives a new tenant a profile named after it, which alone owns its workspace', () => {
    expect(profileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(emulator.state.profiles.get(profileId)?.displayName).toBe(`Acme's Shop (${acme.id})`);
    expect(membersOf(acme.powerBiGroupId)).toEqual([[`profile:${profileId}`, 'Admin']]);
    // The template is shared with the profile read-only: it cannot see other tenants' rows.
    expect(membersOf(emulator.sample.groupId)).toContainEqual([`profile:${profileId}`, 'Viewer']);
  });

  it('refuses the service principal in the workspace, so only calls with the header work', async () => {
    const reports = `/groups/${acme.powerBiGroupId}/reports`;
    expect(await outcome(principal.get(reports))).toBe('ANALYTICS_NOT_AUTHORIZED');
    expect(await outcome(principal.asProfile(profileId).get(reports))).toBe('ok');
  });

  it("lists, embeds and pages the tenant's reports as its profile", async () => {
    await useReports(on, acme);
  });

  it('records the profile in the audit log of the creation', async () => {
    const entry = await on.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'tenant.create')
      .where('tenant_id', '=', acme.id)
      .executeTakeFirstOrThrow();
    expect(entry.details).toMatchObject({ analyticsProfile: profileId });
  });

  it('leaves no profile behind when the workspace cannot be made', async () => {
    const profilesBefore = emulator.state.profiles.size;
    const original = emulator.state.reports.get(emulator.sample.securedReportId);
    emulator.state.reports.delete(emulator.sample.securedReportId);
    try {
      const response = await on.request({
        method: 'POST',
        url: '/api/admin/tenants',
        token: superOn.token,
        payload: { name: 'Halfmade', adminEmail: 'half@example.com', createPowerBIWorkspace: true },
      });
      expect(response.json().code).toBe('REPORT_NOT_FOUND');
    } finally {
      if (original) emulator.state.reports.set(emulator.sample.securedReportId, original);
    }
    expect(emulator.state.profiles.size).toBe(profilesBefore);
    expect([...emulator.state.workspaces.values()].map((w) => w.name)).not.toContain(
      `Halfmade - ${new Date().getUTCFullYear()}`,
    );
  });

  it('deletes the workspace, then the profile, with the tenant', async () => {
    const doomed = await createTenant(on, superOn, 'Doomed');
    const doomedProfile = (await storedProfile(on, doomed.id)) ?? '';
    expect(emulator.state.profiles.has(doomedProfile)).toBe(true);
    const response = await on.request({
      method: 'DELETE',
      url: `/api/admin/tenants/${doomed.id}`,
      token: superOn.token,
    });
    expect(response.statusCode).toBe(200);
    expect(emulator.state.workspaces.has(doomed.powerBiGroupId)).toBe(false);
    expect(emulator.state.profiles.has(doomedProfile)).toBe(false);
    expect(membersOf(emulator.sample.groupId)).not.toContainEqual([
      `profile:${doomedProfile}`,
      'Viewer',
    ]);
  });
});

describe('with profiles off, then moved to profiles', () => {
  const clientId = () => principal.settings.clientId;
  let legacy: Created;

  beforeAll(async () => {
    legacy = await createTenant(off, superOff, 'Legacy Ltd');
  });

  it('keeps the single service principal: no profile, the principal is Admin', async () => {
    expect(await storedProfile(off, legacy.id)).toBeNull();
    expect(membersOf(legacy.powerBiGroupId)).toEqual([[clientId(), 'Admin']]);
    await useReports(off, legacy);
  });

  it('lists the tenants a dry run would move, and changes nothing', async () => {
    const profilesBefore = emulator.state.profiles.size;
    const lines: string[] = [];
    const gateway = new AnalyticsGateway(principal, false);
    const result = await moveTenantsToProfiles(off.database.db, gateway, {
      dryRun: true,
      report: (line) => lines.push(line),
    });
    expect(result).toEqual({ moved: 1, checked: 0, failed: 0 });
    expect(lines).toEqual([
      `Legacy Ltd (${legacy.id}): would get profile "Legacy Ltd (${legacy.id})"`,
    ]);
    expect(emulator.state.profiles.size).toBe(profilesBefore);
    expect(await storedProfile(off, legacy.id)).toBeNull();
  });

  it('moves the workspace to a new profile, reusing one a stopped run had made', async () => {
    // A run that stopped after creating the profile and before recording it.
    const halfway = await principal.post<{ id: string }>('/profiles', {
      displayName: `Legacy Ltd (${legacy.id})`,
    });
    const gateway = new AnalyticsGateway(principal, false);
    const result = await moveTenantsToProfiles(off.database.db, gateway);
    expect(result).toEqual({ moved: 1, checked: 0, failed: 0 });
    expect(await storedProfile(off, legacy.id)).toBe(halfway.id);
    expect(membersOf(legacy.powerBiGroupId)).toEqual([[`profile:${halfway.id}`, 'Admin']]);
    expect(membersOf(emulator.sample.groupId)).toContainEqual([`profile:${halfway.id}`, 'Viewer']);
    // The app still has profiles off: the stored profile, not the flag, decides the header.
    await useReports(off, legacy);
    const again = await moveTenantsToProfiles(off.database.db, gateway);
    expect(again).toEqual({ moved: 0, checked: 1, failed: 0 });
    expect(membersOf(legacy.powerBiGroupId)).toEqual([[`profile:${halfway.id}`, 'Admin']]);
  });

  it('hands a kept workspace back to the principal before deleting the profile', async () => {
    const profileId = (await storedProfile(off, legacy.id)) ?? '';
    const response = await off.request({
      method: 'DELETE',
      url: `/api/admin/tenants/${legacy.id}`,
      token: superOff.token,
    });
    expect(response.statusCode).toBe(200);
    expect(emulator.state.profiles.has(profileId)).toBe(false);
    expect(membersOf(legacy.powerBiGroupId)).toEqual([[clientId(), 'Admin']]);
    expect(await outcome(principal.get(`/groups/${legacy.powerBiGroupId}/reports`))).toBe('ok');
  });
});
