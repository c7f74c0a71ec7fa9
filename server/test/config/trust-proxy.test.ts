import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'canopy-trust-proxy-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** A production configuration that starts, but for the proxy setting under test. */
const production = {
  NODE_ENV: 'production',
  CANOPY_DATA_DIR: dataDir,
  CANOPY_JWT_SECRET: randomBytes(32).toString('base64url'),
  CANOPY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  CANOPY_ANALYTICS: 'emulator',
  CANOPY_MAIL: 'outbox',
};

const load = (value: string | undefined, env: Record<string, string> = production) =>
  loadConfig(value === undefined ? env : { ...env, CANOPY_TRUST_PROXY: value });

const refusal = (value: string) => {
  try {
    load(value);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`CANOPY_TRUST_PROXY=${value} was accepted`);
};

describe('CANOPY_TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(load(undefined).trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('0').trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(load('1').trustProxy).toBe(1);
    expect(load(' 2 ').trustProxy).toBe(2);
  });

  it('takes named ranges, addresses and CIDR ranges, comma-separated', () => {
    expect(load('loopback').trustProxy).toEqual(['loopback']);
    expect(load('loopback, 10.0.0.0/8,172.18.0.2, fd00::/8 ,::1').trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '172.18.0.2',
      'fd00::/8',
      '::1',
    ]);
  });

  it('refuses the bare true in production, naming the fix', () => {
    const message = refusal('true');
    expect(message).toContain('CANOPY_TRUST_PROXY=true trusts every hop');
    expect(message).toContain('X-Forwarded-For');
    expect(message).toMatch(/hop count \(1 for one nginx/);
    expect(message).toMatch(/loopback for nginx on the same host/);
  });

  it('accepts true outside production, with a warning', () => {
    const config = load('true', { ...production, NODE_ENV: 'development' });
    expect(config.trustProxy).toBe(true);
    expect(config.warnings.join('\n')).toContain('CANOPY_TRUST_PROXY=true trusts every hop');
  });

  it('refuses what is not an address, a range or a sane hop count', () => {
    expect(refusal('yes')).toContain('not an address, CIDR range or hop count: yes');
    expect(refusal('loopback,10.0.0.0/33')).toContain(': 10.0.0.0/33;');
    expect(refusal('::1/129')).toContain(': ::1/129;');
    expect(refusal('10.0.0.1/8/1')).toContain(': 10.0.0.1/8/1;');
    expect(refusal('nginx')).toContain(': nginx;');
    expect(refusal('99')).toContain('99 hops is not a real proxy chain');
  });
});
