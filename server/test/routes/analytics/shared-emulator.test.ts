import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { sharedEmulatorSettings } from '../../../src/modules/analytics/start-local-analytics.ts';

/** A standalone emulator with its own service principal, as compose and smoke:deploy run it. */
let emulator: RunningEmulator;
const client = {
  clientId: 'portal-instances',
  clientSecret: 'a-secret-of-this-deployment-0123456789',
};
const tenantId = '11111111-2222-4333-8444-555555555555';

beforeAll(async () => {
  emulator = await startEmulator({ tenantId, clients: [client], rows: 1000 });
});
afterAll(() => emulator.close());

describe('CANOPY_EMULATOR_URL: an emulator several instances share', () => {
  it('is reached with its own credentials, its sample workspace as the template', async () => {
    const config = loadConfig({
      CANOPY_EMULATOR_URL: emulator.url,
      CANOPY_EMULATOR_TENANT_ID: tenantId,
      CANOPY_EMULATOR_CLIENT_ID: client.clientId,
      CANOPY_EMULATOR_CLIENT_SECRET: client.clientSecret,
      CANOPY_EMULATOR_PUBLIC_URL: 'https://reports.example.com',
    });
    const shared = config.embed.sharedEmulator;
    expect(shared?.url).toBe(emulator.url);
    const settings = sharedEmulatorSettings({
      ...(shared ?? { url: '' }),
      publicUrl: config.embed.emulatorPublicUrl,
    });
    // Browsers load embed pages from the public origin; the server calls the emulator directly.
    expect(settings.embedOrigin).toBe('https://reports.example.com');

    const token = await fetch(settings.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        scope: settings.scope,
      }).toString(),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const reports = await fetch(
      `${settings.apiUrl}/groups/${settings.template.powerBiGroupId}/reports`,
      {
        headers: { authorization: `Bearer ${access_token}` },
      },
    );
    expect(reports.status).toBe(200);
    const { value } = (await reports.json()) as { value: { id: string }[] };
    expect(value.map((report) => report.id)).toEqual(
      expect.arrayContaining(settings.template.reportIds),
    );
  });

  it('needs its own client secret in production', () => {
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        CANOPY_JWT_SECRET: 'x'.repeat(40),
        CANOPY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
        CANOPY_ANALYTICS: 'emulator',
        CANOPY_MAIL: 'outbox',
        CANOPY_EMULATOR_URL: emulator.url,
      }),
    ).toThrow(/CANOPY_EMULATOR_CLIENT_SECRET: required in production/);
  });
});
