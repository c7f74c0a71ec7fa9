import { pushedRows, startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  localAnalyticsSettings,
  localXeroConfig,
} from '../../../src/modules/analytics/start-local-analytics.ts';
import { claimJob, scheduleJob } from '../../../src/modules/jobs/job-queue.ts';
import { runDueSyncs } from '../../../src/modules/integrations/sync-worker.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, type TestPerson } from '../../support/fixtures.ts';

// One emulator (analytics + the local Xero provider) for the file; every call is real HTTP.
let emulator: RunningEmulator;
let t: TestApp;
let superAdmin: TestPerson;
let tenantId: string;
let groupId: string;

/** The browser's part: open the consent page, submit its form, follow nothing (manual redirect). */
async function consent(authUrl: string, decision: 'allow' | 'deny') {
  const page = await fetch(authUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('Allow access');
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(name!, value!.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
  }
  fields.set('decision', decision);
  const submitted = await fetch(new URL(action, authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  expect(submitted.status).toBe(302);
  return new URL(submitted.headers.get('location') ?? '');
}

const initiate = (sourceId: string, tenant?: string) =>
  t.request({
    method: 'POST',
    url: '/api/admin/oauth/initiate',
    token: superAdmin.token,
    payload: { sourceId, ...(tenant ? { tenantId: tenant } : {}) },
  });

/** The whole flow over HTTP; returns where the callback sent the browser. */
async function connect(decision: 'allow' | 'deny' = 'allow') {
  const started = await initiate('xero', tenantId);
  expect(started.statusCode).toBe(200);
  const callback = await consent(started.json<{ authUrl: string }>().authUrl, decision);
  expect(`${callback.origin}${callback.pathname}`).toBe(
    'http://portal.test/api/admin/oauth/callback',
  );
  const answer = await t.request({ method: 'GET', url: `${callback.pathname}${callback.search}` });
  expect(answer.statusCode).toBe(302);
  return { location: new URL(answer.headers.location as string), callback };
}

const latestIntegration = () =>
  t.database.db
    .selectFrom('integrations')
    .selectAll()
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

const cipher = () => t.app.integrations.cipher;

/** Uses a refresh token at the provider directly, as the app would (revoked ones answer 400). */
function refreshAtProvider(refreshToken: string) {
  const config = localXeroConfig(emulator)!;
  const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
  return fetch(config.tokenUrl, {
    method: 'POST',
    headers: {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  });
}

beforeAll(async () => {
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 5_000 });
  t = await build({ analytics: localAnalyticsSettings(emulator), xero: localXeroConfig(emulator) });
  superAdmin = await createPerson(t, { superAdmin: true });
  const created = await t.request({
    method: 'POST',
    url: '/api/admin/tenants',
    token: superAdmin.token,
    payload: { name: 'Initech', adminEmail: 'owner@initech.example', createPowerBIWorkspace: true },
  });
  expect(created.statusCode).toBe(201);
  ({ id: tenantId, powerBiGroupId: groupId } = created.json<{
    id: string;
    powerBiGroupId: string;
  }>());
}, 60_000);

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('data sources', () => {
  it('lists Xero and XPM as OAuth accounting sources and the others as coming soon', async () => {
    const response = await t.request({
      method: 'GET',
      url: '/api/admin/data-sources',
      token: superAdmin.token,
    });
    const sources = response.json<
      {
        id: string;
        icon: string;
        authType: string;
        status: string;
        category: string;
        canSync: boolean;
      }[]
    >();
    expect(sources.map((s) => [s.icon, s.authType, s.status, s.category, s.canSync])).toEqual([
      ['XERO', 'oauth2', 'available', 'accounting', true],
      ['XPM', 'oauth2', 'available', 'accounting', false],
      ['SF', 'api_key', 'coming-soon', 'crm', false],
      ['QB', 'api_key', 'coming-soon', 'accounting', false],
    ]);
    const soon = await initiate('salesforce', tenantId);
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error).toBe('This integration type is coming soon');
  });
});

describe('the OAuth flow', () => {
  it('connects: consent, callback, an encrypted row, a redirect to the SPA page', async () => {
    const { location, callback } = await connect();
    expect(location.pathname).toBe(`/admin/tenants/${tenantId}/data-integration`);
    expect(Object.fromEntries(location.searchParams)).toEqual({
      success: 'connected',
      source: 'Xero',
    });

    const row = await latestIntegration();
    expect(row).toMatchObject({
      tenant_id: tenantId,
      source_id: 'xero',
      status: 'active',
      external_tenant_type: 'ORGANISATION',
    });
    expect(row.access_token_enc).toMatch(/^v1\./);
    const access = cipher().decrypt(row.access_token_enc);
    expect(row.access_token_enc).not.toContain(access);
    // The stored token is the provider's: it reads the connections.
    const connections = await fetch(`${emulator.xeroUrl}/connections`, {
      headers: { authorization: `Bearer ${access}` },
    });
    expect(connections.status).toBe(200);
    expect(row.access_expires_at.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);

    // The state is single use.
    const replay = await t.request({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(new URL(replay.headers.location as string).searchParams.get('error')).toBe(
      'invalid_state',
    );

    const all = await t.request({
      method: 'GET',
      url: '/api/admin/integrations',
      token: superAdmin.token,
    });
    expect(all.json()[0]).toMatchObject({
      sourceName: 'Xero',
      tenantName: 'Initech',
      status: 'active',
      organisationName: 'Canopy Demo Company',
    });
    const mine = await t.request({
      method: 'GET',
      url: `/api/admin/tenants/${tenantId}/integrations`,
      token: superAdmin.token,
    });
    expect(mine.json()).toHaveLength(1);
    const audited = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'integration.connect')
      .execute();
    expect(audited).toHaveLength(1);
  });

  it('reports a denied consent and an expired state as error parameters', async () => {
    const denied = await connect('deny');
    expect(denied.location.searchParams.get('error')).toBe('access_denied');

    const started = await initiate('xero', tenantId);
    await t.database.db
      .updateTable('oauth_states')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const callback = await consent(started.json<{ authUrl: string }>().authUrl, 'allow');
    const answer = await t.request({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
    });
    expect(new URL(answer.headers.location as string).searchParams.get('error')).toBe(
      'invalid_state',
    );
  });
});

describe('sync, refresh and disconnect', () => {
  it('pushes the invoices into a push dataset in the tenant workspace', async () => {
    const row = await latestIntegration();
    const first = await t.request({
      method: 'POST',
      url: `/api/admin/integrations/${row.id}/sync`,
      token: superAdmin.token,
    });
    expect(first.statusCode, first.body).toBe(200);
    const { rows, fabricDatasetId } = first.json<{ rows: number; fabricDatasetId: string }>();
    expect(rows).toBe(120);
    expect(emulator.state.datasets.get(fabricDatasetId)?.groupId).toBe(groupId);
    const pushed = pushedRows(emulator.state, fabricDatasetId, 'Invoices');
    expect(pushed).toHaveLength(120);
    expect(pushed[0]).toMatchObject({
      InvoiceNumber: expect.stringMatching(/^INV-/),
      CurrencyCode: 'AUD',
    });

    // A second sync replaces the rows rather than adding to them.
    await t.request({
      method: 'POST',
      url: `/api/admin/integrations/${row.id}/sync`,
      token: superAdmin.token,
    });
    expect(pushedRows(emulator.state, fabricDatasetId, 'Invoices')).toHaveLength(120);
    const listed = await t.request({
      method: 'GET',
      url: `/api/admin/tenants/${tenantId}/integrations`,
      token: superAdmin.token,
    });
    expect(listed.json()[0]).toMatchObject({
      fabricDatasetId,
      lastSync: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('refreshes an expiring access token with rotation, and marks a refused refresh as error', async () => {
    const before = await latestIntegration();
    await t.database.db
      .updateTable('integrations')
      .set({ access_expires_at: new Date(Date.now() + 60_000) })
      .where('id', '=', before.id)
      .execute();
    const synced = await t.request({
      method: 'POST',
      url: `/api/admin/integrations/${before.id}/sync`,
      token: superAdmin.token,
    });
    expect(synced.statusCode).toBe(200);
    const after = await latestIntegration();
    expect(cipher().decrypt(after.refresh_token_enc)).not.toBe(
      cipher().decrypt(before.refresh_token_enc),
    );
    expect(after.access_expires_at.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);

    await t.database.db
      .updateTable('integrations')
      .set({
        access_expires_at: new Date(0),
        refresh_token_enc: cipher().encrypt('not-a-refresh-token'),
      })
      .where('id', '=', before.id)
      .execute();
    const refused = await t.request({
      method: 'POST',
      url: `/api/admin/integrations/${before.id}/sync`,
      token: superAdmin.token,
    });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('INTEGRATION_AUTH_FAILED');
    expect((await latestIntegration()).status).toBe('error');
    // An errored integration is removed without asking the provider.
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/admin/integrations/${before.id}`,
      token: superAdmin.token,
    });
    expect(removed.statusCode).toBe(200);
  });

  it('disconnects by revoking the tokens at the provider, then deleting the row', async () => {
    await connect();
    const row = await latestIntegration();
    const refreshToken = cipher().decrypt(row.refresh_token_enc);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/admin/integrations/${row.id}`,
      token: superAdmin.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.database.db
        .selectFrom('integrations')
        .select('id')
        .where('id', '=', row.id)
        .executeTakeFirst(),
    ).toBeUndefined();
    const reuse = await refreshAtProvider(refreshToken);
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: 'invalid_grant' });
    const notFound = await t.request({
      method: 'DELETE',
      url: `/api/admin/integrations/${row.id}`,
      token: superAdmin.token,
    });
    expect(notFound.statusCode).toBe(404);
  });

  it('renews an integration in error in place when its organisation is connected again', async () => {
    await connect();
    const first = await latestIntegration();
    await t.database.db
      .updateTable('integrations')
      .set({ status: 'error', fabric_dataset_id: 'kept-dataset' })
      .where('id', '=', first.id)
      .execute();
    await connect();
    const rows = await t.database.db
      .selectFrom('integrations')
      .selectAll()
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first.id,
      status: 'active',
      fabric_dataset_id: 'kept-dataset',
    });
    expect(cipher().decrypt(rows[0]!.refresh_token_enc)).not.toBe(
      cipher().decrypt(first.refresh_token_enc),
    );
    const audited = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target', '=', `integration:${first.id}`)
      .execute();
    expect(audited.map((event) => event.action)).toContain('integration.reconnect');

    // Connecting an active one again replaces its tokens too, and revokes the old ones there.
    const active = cipher().decrypt(rows[0]!.refresh_token_enc);
    await connect();
    const reuse = await refreshAtProvider(active);
    expect(reuse.status).toBe(400);
    expect(
      await t.database.db
        .selectFrom('integrations')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .execute(),
    ).toEqual([{ id: first.id }]);
    await t.request({
      method: 'DELETE',
      url: `/api/admin/integrations/${first.id}`,
      token: superAdmin.token,
    });
  });
});

describe('the sync queue', () => {
  it('runs the sync scheduled at connection once, and hands a due job to one claimer only', async () => {
    await connect();
    const row = await latestIntegration();
    const deps = {
      db: t.database.db,
      xero: t.app.integrations.xero,
      cipher: cipher(),
      analytics: t.app.analytics,
    };
    expect(await runDueSyncs(deps, { intervalMinutes: 60 })).toBeGreaterThanOrEqual(1);
    expect((await latestIntegration()).fabric_dataset_id).toMatch(/^[0-9a-f-]{36}$/);
    // Rescheduled an interval ahead: nothing is due now.
    expect(await runDueSyncs(deps, { intervalMinutes: 60 })).toBe(0);

    await scheduleJob(t.database.db, 'test.once', row.id, new Date(Date.now() - 1000));
    const claims = await Promise.all([
      claimJob(t.database.db, 'test.once', 60_000),
      claimJob(t.database.db, 'test.once', 60_000),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
  });
});
