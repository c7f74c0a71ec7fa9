import { randomUUID } from 'node:crypto';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsClient } from '../../../src/modules/analytics/analytics-client.ts';
import { localAnalyticsSettings } from '../../../src/modules/analytics/start-local-analytics.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, type TestPerson } from '../../support/fixtures.ts';

// One emulator for the whole file (it is heavy); every call goes over real HTTP.
let emulator: RunningEmulator;
let t: TestApp;
let superAdmin: TestPerson;

interface Onboarded {
  tenantId: string;
  groupId: string;
  admin: TestPerson;
  viewer: TestPerson;
}

async function onboard(name: string): Promise<Onboarded> {
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/tenants',
    token: superAdmin.token,
    payload: {
      name,
      adminEmail: `owner-${name.toLowerCase()}@example.com`,
      createPowerBIWorkspace: true,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const tenant = created.json<{ id: string; powerBiGroupId: string }>();
  return {
    tenantId: tenant.id,
    groupId: tenant.powerBiGroupId,
    admin: await createPerson(t, { tenantId: tenant.id, role: 'Admin' }),
    viewer: await createPerson(t, { tenantId: tenant.id, role: 'Viewer' }),
  };
}

const listReports = (person: TestPerson, groupId: string) =>
  t.request({
    method: 'POST',
    url: '/api/powerbi/reports',
    token: person.token,
    payload: { groupId },
  });
const embedToken = (person: TestPerson, reportId: string, groupId: string) =>
  t.request({
    method: 'POST',
    url: '/api/powerbi/embed-token',
    token: person.token,
    payload: { reportId, groupId },
  });

/** What a visual asks the emulator: total Amount, with the embed token the SPA would hold. */
async function totalAmount(token: string, datasetId: string, reportId: string) {
  const response = await fetch(`${emulator.url}/_emulator/query?reportId=${reportId}`, {
    method: 'POST',
    headers: { authorization: `EmbedToken ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      datasetId,
      measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum' }],
    }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { rows: unknown[][] };
  return Number(body.rows[0]?.[0]);
}

const setKnobs = (knobs: Record<string, unknown>) =>
  fetch(`${emulator.url}/_emulator/admin/knobs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(knobs),
  });

let a: Onboarded;
let b: Onboarded;

beforeAll(async () => {
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 20_000 });
  t = await build({ analytics: localAnalyticsSettings(emulator) });
  superAdmin = await createPerson(t, { superAdmin: true });
  a = await onboard('Acme');
  b = await onboard('Globex');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('onboarding a tenant', () => {
  it('creates "<name> - <year>" with the template reports cloned in, bound to the tenant data', () => {
    const workspace = emulator.state.workspaces.get(a.groupId);
    expect(workspace?.name).toBe(`Acme - ${new Date().getUTCFullYear()}`);
    const reports = emulator.state.reportsIn(a.groupId);
    expect(reports.map((r) => r.definition.name)).toEqual(['Sales Overview']);
    expect(emulator.state.reportsIn(b.groupId)[0]?.definition.id).not.toBe(
      reports[0]?.definition.id,
    );
  });

  it("gives two tenants' embedded visuals different figures (row-level security per tenant)", async () => {
    const [reportA] = (await listReports(a.admin, a.groupId)).json<{ reports: { id: string }[] }>()
      .reports;
    const [reportB] = (await listReports(b.admin, b.groupId)).json<{ reports: { id: string }[] }>()
      .reports;
    const tokenA = (await embedToken(a.admin, reportA!.id, a.groupId)).json<{
      embedToken: string;
    }>();
    const tokenB = (await embedToken(b.admin, reportB!.id, b.groupId)).json<{
      embedToken: string;
    }>();
    const datasetId = emulator.sample.securedDatasetId;
    const totalA = await totalAmount(tokenA.embedToken, datasetId, reportA!.id);
    const totalB = await totalAmount(tokenB.embedToken, datasetId, reportB!.id);
    expect(totalA).toBeGreaterThan(0);
    expect(totalB).toBeGreaterThan(0);
    expect(totalA).not.toBe(totalB);
  });

  it('leaves no tenant and no workspace when provisioning fails part-way', async () => {
    const before = emulator.state.workspaces.size;
    // The workspace is created, then the clone fails: the provisioner must delete the workspace.
    await setKnobs({ failNext: 0 });
    const original = emulator.state.reports.get(emulator.sample.securedReportId);
    emulator.state.reports.delete(emulator.sample.securedReportId);
    try {
      const response = await t.request({
        method: 'POST',
        url: '/api/admin/tenants',
        token: superAdmin.token,
        payload: { name: 'Halfmade', adminEmail: 'half@example.com', createPowerBIWorkspace: true },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('REPORT_NOT_FOUND');
    } finally {
      if (original) emulator.state.reports.set(emulator.sample.securedReportId, original);
    }
    expect(emulator.state.workspaces.size).toBe(before);
    const rows = await t.database.db
      .selectFrom('tenants')
      .select('id')
      .where('name', '=', 'Halfmade')
      .execute();
    expect(rows).toHaveLength(0);
  });
});

describe('deleting a tenant', () => {
  it('deletes its workspace upstream (CANOPY_ANALYTICS_DELETE_WORKSPACES, on by default)', async () => {
    const doomed = await onboard('Doomed');
    expect(emulator.state.workspaces.has(doomed.groupId)).toBe(true);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/tenants/${doomed.tenantId}`,
      token: superAdmin.token,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(emulator.state.workspaces.has(doomed.groupId)).toBe(false);
  });
});

describe('report lists and embed tokens by role', () => {
  it("lists the workspace's reports with lastRefreshTime for an Admin, none ungranted for a Viewer", async () => {
    const admin = await listReports(a.admin, a.groupId);
    expect(admin.statusCode).toBe(200);
    const [report] = admin.json<{ reports: { name: string; lastRefreshTime: string | null }[] }>()
      .reports;
    expect(report?.name).toBe('Sales Overview');
    expect(report?.lastRefreshTime).toMatch(/^\d{4}-/);
    const viewer = await listReports(a.viewer, a.groupId);
    expect(viewer.json()).toEqual({ reports: [] });
  });

  it("refuses another tenant's workspace with 403", async () => {
    const response = await listReports(a.admin, b.groupId);
    expect(response.statusCode).toBe(403);
    const token = await embedToken(a.admin, 'x', b.groupId);
    expect(token.statusCode).toBe(403);
  });

  it('gives a Viewer a token only after a grant, and the token opens that report only', async () => {
    const [report] = (await listReports(a.admin, a.groupId)).json<{ reports: { id: string }[] }>()
      .reports;
    const reportId = report!.id;
    expect((await embedToken(a.viewer, reportId, a.groupId)).statusCode).toBe(403);

    const grant = {
      userId: a.viewer.id,
      reportId,
      workspaceId: a.groupId,
      tenantId: a.tenantId,
      canView: true,
    };
    for (let i = 0; i < 2; i += 1) {
      const granted = await t.request({
        method: 'POST',
        url: '/api/powerbi/permissions/grant',
        token: superAdmin.token,
        payload: grant,
      });
      expect(granted.statusCode).toBe(200);
    }
    const grants = await t.request({
      method: 'GET',
      url: `/api/powerbi/permissions/${a.groupId}/admin`,
      token: superAdmin.token,
    });
    expect(grants.json()).toEqual([
      { userId: a.viewer.id, report: { reportId, name: 'Sales Overview' } },
    ]);
    const audited = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'report.grant')
      .execute();
    expect(audited).toHaveLength(1);

    expect((await listReports(a.viewer, a.groupId)).json().reports).toHaveLength(1);
    const issued = await embedToken(a.viewer, reportId, a.groupId);
    expect(issued.statusCode).toBe(200);
    const body = issued.json<{ embedToken: string; expiration: string; tokenId: string }>();
    expect(Date.parse(body.expiration) - Date.now()).toBeGreaterThan(50 * 60_000);

    // The token names one report: the emulator refuses it for Globex's report.
    const otherReport = emulator.state.reportsIn(b.groupId)[0]!.definition.id;
    const foreign = await fetch(`${emulator.url}/_emulator/reports/${otherReport}`, {
      headers: { authorization: `EmbedToken ${body.embedToken}` },
    });
    expect(foreign.status).toBe(403);
    const own = await fetch(`${emulator.url}/_emulator/reports/${reportId}`, {
      headers: { authorization: `EmbedToken ${body.embedToken}` },
    });
    expect(own.status).toBe(200);

    const revoked = await t.request({
      method: 'POST',
      url: '/api/powerbi/permissions/revoke',
      token: superAdmin.token,
      payload: { userId: a.viewer.id, reportId, workspaceId: a.groupId, tenantId: a.tenantId },
    });
    expect(revoked.statusCode).toBe(200);
    expect((await embedToken(a.viewer, reportId, a.groupId)).statusCode).toBe(403);
  });

  it('answers an unknown report with the "sync reports first" message, and users of other tenants with 404', async () => {
    const unknown = await t.request({
      method: 'POST',
      url: '/api/powerbi/permissions/grant',
      token: superAdmin.token,
      payload: {
        userId: a.viewer.id,
        reportId: 'no-such-report',
        workspaceId: a.groupId,
        tenantId: a.tenantId,
        canView: true,
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('Report not found in database. Please sync reports first.');
    const [report] = (await listReports(a.admin, a.groupId)).json<{ reports: { id: string }[] }>()
      .reports;
    const foreignUser = await t.request({
      method: 'POST',
      url: '/api/powerbi/permissions/grant',
      token: superAdmin.token,
      payload: {
        userId: b.viewer.id,
        reportId: report!.id,
        workspaceId: a.groupId,
        tenantId: a.tenantId,
        canView: true,
      },
    });
    expect(foreignUser.statusCode).toBe(404);
  });

  it('syncs: a report removed upstream disappears and loses its grants', async () => {
    const report = emulator.state.reportsIn(b.groupId)[0]!;
    const reportId = report.definition.id;
    await t.request({
      method: 'POST',
      url: '/api/powerbi/permissions/grant',
      token: superAdmin.token,
      payload: {
        userId: b.viewer.id,
        reportId,
        workspaceId: b.groupId,
        tenantId: b.tenantId,
        canView: true,
      },
    });
    emulator.state.reports.delete(reportId);
    const synced = await t.request({
      method: 'POST',
      url: `/api/admin/tenants/${b.tenantId}/reports/sync`,
      token: superAdmin.token,
    });
    expect(synced.json()).toEqual({ reports: 0, added: 0, removed: 1 });
    const grants = await t.database.db
      .selectFrom('report_grants')
      .select('report_id')
      .where('report_id', '=', reportId)
      .execute();
    expect(grants).toHaveLength(0);
    emulator.state.reports.set(reportId, report);
  });

  it('records usage and lists it for super administrators', async () => {
    // An Admin opens every report of the tenant; the beacon counts only reports one may open.
    const [report] = (await listReports(a.admin, a.groupId)).json<{ reports: { id: string }[] }>()
      .reports;
    const posted = await t.request({
      method: 'POST',
      url: '/api/powerbi/usage',
      token: a.admin.token,
      payload: { reportId: report!.id, loadMs: 420, renderMs: 130 },
    });
    expect(posted.statusCode).toBe(200);
    const list = await t.request({
      method: 'GET',
      url: `/api/admin/usage?tenantId=${a.tenantId}`,
      token: superAdmin.token,
    });
    expect(list.json().entries[0]).toMatchObject({
      userId: a.admin.id,
      reportId: report!.id,
      loadMs: 420,
      renderMs: 130,
    });
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/usage', token: a.admin.token }))
        .statusCode,
    ).toBe(403);
  });
});

describe('datasets with and without row-level security', () => {
  it("opens a report over the tenant's own dataset without RLS with no identity, and refuses one over a shared dataset without RLS", async () => {
    const c = await onboard('Initech');
    const sales = emulator.state
      .datasetsIn(emulator.sample.groupId)
      .find((dataset) => dataset.id === emulator.sample.datasetId)!;
    const salesReport = emulator.state
      .reportsIn(emulator.sample.groupId)
      .find((report) => report.definition.id === emulator.sample.salesReportId)!;
    expect(sales.model.roles).toEqual([]);
    // A dataset of the tenant's own, without roles (as a data integration makes one).
    const own = emulator.state.addDataset({
      ...structuredClone(sales),
      id: randomUUID(),
      groupId: c.groupId,
      name: 'Initech ledger',
    });
    const ownReport = emulator.state.addReport(c.groupId, {
      ...structuredClone(salesReport.definition),
      id: randomUUID(),
      name: 'Initech Ledger',
      datasetId: own.id,
    });
    // A report in the tenant's workspace over the template's dataset without roles.
    const sharedReport = emulator.state.addReport(c.groupId, {
      ...structuredClone(salesReport.definition),
      id: randomUUID(),
      name: 'Everyone Sales',
      datasetId: sales.id,
    });
    expect((await listReports(c.admin, c.groupId)).json().reports).toHaveLength(3);

    const issued = await embedToken(c.admin, ownReport.definition.id, c.groupId);
    expect(issued.statusCode, issued.body).toBe(200);
    // No identity: the tenant sees all of its own dataset, the same total as the unfiltered sample.
    const { token: sampleToken } = emulator.mintToken({ reports: [salesReport.definition.id] });
    expect(
      await totalAmount(
        issued.json<{ embedToken: string }>().embedToken,
        own.id,
        ownReport.definition.id,
      ),
    ).toBe(await totalAmount(sampleToken, sales.id, salesReport.definition.id));

    const refused = await embedToken(c.admin, sharedReport.definition.id, c.groupId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'REPORT_DATASET_SHARED',
      error: expect.stringMatching(/no row-level security/),
    });

    // The RLS template copy still carries the tenant as identity (the emulator filters by it).
    const [secured] = emulator.state
      .reportsIn(c.groupId)
      .filter((report) => report.definition.datasetId === emulator.sample.securedDatasetId);
    const rls = await embedToken(c.admin, secured!.definition.id, c.groupId);
    expect(rls.statusCode, rls.body).toBe(200);
    expect(
      await totalAmount(
        rls.json<{ embedToken: string }>().embedToken,
        emulator.sample.securedDatasetId,
        secured!.definition.id,
      ),
    ).toBeLessThan(await totalAmount(sampleToken, sales.id, salesReport.definition.id));
  });
});

describe('analytics failures', () => {
  it('retries a 429 after Retry-After and succeeds', async () => {
    await setKnobs({ throttle: { everyN: 1, retryAfterSeconds: 0 }, failNext: 0 });
    // everyN 1 throttles every request: with retries exhausted the caller gets a clear 503.
    const throttled = await listReports(a.admin, a.groupId);
    expect(throttled.statusCode).toBe(503);
    expect(throttled.json().code).toBe('ANALYTICS_THROTTLED');
    await setKnobs({ throttle: { everyN: 2, retryAfterSeconds: 0 } });
    expect((await listReports(a.admin, a.groupId)).statusCode).toBe(200);
    await setKnobs({ throttle: null });
  });

  it('turns a 5xx into 502 ANALYTICS_FAILED, and still answers with 50 ms added per call', async () => {
    await setKnobs({ failNext: 1, failStatus: 500 });
    const failed = await listReports(a.admin, a.groupId);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().code).toBe('ANALYTICS_FAILED');
    await setKnobs({ latencyMs: 50 });
    expect((await listReports(a.admin, a.groupId)).statusCode).toBe(200);
    await setKnobs({ latencyMs: 0 });
  });

  it('stops waiting after its timeout, and names rejected service-principal credentials', async () => {
    const settings = localAnalyticsSettings(emulator);
    const impatient = new AnalyticsClient(settings, { timeoutMs: 100 });
    await impatient.warmUp();
    await setKnobs({ latencyMs: 400 });
    try {
      await expect(impatient.get(`/groups/${a.groupId}/reports`)).rejects.toMatchObject({
        code: 'ANALYTICS_TIMEOUT',
        statusCode: 504,
      });
    } finally {
      await setKnobs({ latencyMs: 0 });
    }
    const wrongSecret = new AnalyticsClient({ ...settings, clientSecret: 'wrong' });
    await expect(wrongSecret.get('/groups')).rejects.toMatchObject({
      code: 'ANALYTICS_CREDENTIALS_REJECTED',
    });
  });

  it('maps an unknown report to 404 Report not found', async () => {
    const response = await embedToken(a.admin, 'not-a-report', a.groupId);
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Report not found');
  });
});
