import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { localAnalyticsSettings } from '../../src/modules/analytics/start-local-analytics.ts';
import { seedDemoTenant } from '../../src/modules/dev/seed-demo-tenant.ts';
import { build, type TestApp } from '../helper.ts';
import { createPerson, PASSWORD } from '../support/fixtures.ts';

let emulator: RunningEmulator;
let t: TestApp;

beforeAll(async () => {
  emulator = await startEmulator({ populateNewWorkspaces: false });
  t = await build({ analytics: localAnalyticsSettings(emulator) });
});
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

const signIn = (email: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: PASSWORD } });

describe('the development seed (CANOPY_DEV_SEED, pnpm dev)', () => {
  it('makes a demo tenant whose Admin and Viewer sign in, the Viewer granted one report', async () => {
    const root = await createPerson(t, { superAdmin: true });
    const demo = await seedDemoTenant(t.app, t.database.db, {
      email: root.email,
      password: PASSWORD,
    });
    expect(demo).toEqual({
      tenant: 'Demo Company',
      admin: 'ann.admin@demo.local',
      viewer: 'vic.viewer@demo.local',
    });
    const admin = await signIn(demo!.admin);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ roles: ['Admin'] });
    const viewer = await signIn(demo!.viewer);
    expect(viewer.statusCode, viewer.body).toBe(200);
    const { token, tenantId } = viewer.json<{ token: string; tenantId: string }>();
    const settings = await t.request({
      method: 'GET',
      url: `/api/tenants/${tenantId}/settings`,
      token,
    });
    const groupId = settings.json<{ powerBiGroupId: string }>().powerBiGroupId;
    const reports = await t.request({
      method: 'POST',
      url: '/api/powerbi/reports',
      token,
      payload: { groupId },
    });
    expect(reports.json<{ reports: unknown[] }>().reports).toHaveLength(1);
    // The two can chat with each other.
    const contacts = await t.request({ method: 'GET', url: `/api/users/chat/${tenantId}`, token });
    expect(contacts.json<{ email: string }[]>().map((c) => c.email)).toContain(demo!.admin);

    // A second start keeps what is there.
    expect(
      await seedDemoTenant(t.app, t.database.db, { email: root.email, password: PASSWORD }),
    ).toBeNull();
    const tenants = await t.database.db.selectFrom('tenants').select('name').execute();
    expect(tenants).toEqual([{ name: 'Demo Company' }]);
  });

  it('is refused in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        CANOPY_DEV_SEED: 'true',
        CANOPY_JWT_SECRET: 'x'.repeat(64),
        CANOPY_ENCRYPTION_KEY: 'a'.repeat(64),
        DATABASE_URL: 'postgres://127.0.0.1/test',
        CANOPY_PUBLIC_URL: 'https://portal.example.com',
      }),
    ).toThrow(/CANOPY_DEV_SEED: not allowed in production/);
  });
});
