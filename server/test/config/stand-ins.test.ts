import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'canopy-config-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const production = {
  NODE_ENV: 'production',
  CANOPY_DATA_DIR: dataDir,
  CANOPY_JWT_SECRET: randomBytes(32).toString('base64url'),
  CANOPY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
};
const cloud = {
  CANOPY_ANALYTICS_API_URL: 'https://api.powerbi.com',
  CANOPY_ANALYTICS_TENANT_ID: 't',
  CANOPY_ANALYTICS_CLIENT_ID: 'c',
  CANOPY_ANALYTICS_CLIENT_SECRET: 's',
  CANOPY_ANALYTICS_TEMPLATE_GROUP_ID: 'g',
  CANOPY_ANALYTICS_TEMPLATE_REPORT_IDS: 'r1,r2',
};

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
};

describe('production and stand-ins', () => {
  it('refuses the emulator and the outbox when nothing chose them', () => {
    const message = problemsOf(production);
    expect(message).toMatch(/No analytics service configured: .*CANOPY_ANALYTICS_\*/);
    expect(message).toMatch(/No mail server configured: .*SMTP_URL/);
  });

  it('starts on them when chosen explicitly, the outbox even with SMTP_URL set', () => {
    const config = loadConfig({
      ...production,
      CANOPY_ANALYTICS: 'emulator',
      CANOPY_MAIL: 'outbox',
      SMTP_URL: 'smtp://mail.example.com',
    });
    expect(config.analytics).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it('needs no choice once the cloud and a mail server are configured', () => {
    const config = loadConfig({ ...production, ...cloud, SMTP_URL: 'smtp://mail.example.com' });
    expect(config.analytics?.templateReportIds).toEqual(['r1', 'r2']);
    expect(config.smtpUrl).toBe('smtp://mail.example.com');
  });

  it('refuses contradictory choices', () => {
    expect(problemsOf({ ...production, ...cloud, CANOPY_ANALYTICS: 'emulator' })).toContain(
      'CANOPY_ANALYTICS=emulator and CANOPY_ANALYTICS_API_URL are both set',
    );
    expect(problemsOf({ ...production, CANOPY_MAIL: 'smtp' })).toContain(
      'SMTP_URL: required when CANOPY_MAIL=smtp',
    );
  });

  it('lets the one-shot commands (migrate, create-admin) run without them', () => {
    expect(() => loadConfig(production, { refuseStandIns: false })).not.toThrow();
  });

  it('keeps falling back to the stand-ins outside production', () => {
    const config = loadConfig({ CANOPY_DATA_DIR: dataDir });
    expect(config.analytics).toBeUndefined();
    expect(config.embed).toMatchObject({ emulatorHost: '127.0.0.1', emulatorAdminApi: false });
  });
});

describe('unknown CANOPY_ variables', () => {
  it('are warned about with the closest known name', () => {
    const config = loadConfig({
      CANOPY_DATA_DIR: dataDir,
      CANOPY_EMULATOR_PROT: '5400',
      CANOPY_SOMETHING_ELSE: 'x',
      CANOPY_TEST_DB: 'pglite',
    });
    expect(config.warnings).toEqual([
      'CANOPY_EMULATOR_PROT is not a Canopy setting and is ignored; did you mean CANOPY_EMULATOR_PORT?',
      'CANOPY_SOMETHING_ELSE is not a Canopy setting and is ignored',
    ]);
  });

  it('are named next to the error they probably cause', () => {
    const { CANOPY_JWT_SECRET: secret, ...rest } = production;
    expect(problemsOf({ ...rest, CANOPY_JWT_SECRT: secret })).toContain(
      'did you mean CANOPY_JWT_SECRET?',
    );
  });
});

describe('API docs and build details', () => {
  it('keeps them private in production unless the operator opts in', () => {
    const prod = { ...production, ...cloud, SMTP_URL: 'smtp://mail.example:25' };
    expect(loadConfig(prod).publicApiInfo).toBe(false);
    expect(loadConfig({ ...prod, CANOPY_PUBLIC_API_INFO: 'on' }).publicApiInfo).toBe(true);
    expect(loadConfig({ CANOPY_DATA_DIR: dataDir }).publicApiInfo).toBe(true);
    expect(problemsOf({ CANOPY_DATA_DIR: dataDir, CANOPY_PUBLIC_API_INFO: 'yes' })).toMatch(
      /CANOPY_PUBLIC_API_INFO/,
    );
  });
});
