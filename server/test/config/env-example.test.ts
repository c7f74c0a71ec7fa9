import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema, loadConfig } from '../../src/config.ts';
import { PACKAGE_ROOT } from '../../src/package-root.ts';

/** The operator's template at the repository root: every variable, set or commented out. */
const text = readFileSync(join(PACKAGE_ROOT, '..', '.env.example'), 'utf8');
const named = new Set([...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]));
const active = Object.fromEntries(
  [...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((match) => [match[1], match[2]]),
);

describe('.env.example', () => {
  it('names every variable the server reads', () => {
    const missing = Object.keys(EnvSchema.shape).filter((name) => !named.has(name));
    expect(missing).toEqual([]);
  });

  it('keeps comments off value lines (systemd would read them as part of the value)', () => {
    for (const value of Object.values(active)) expect(value).not.toContain('#');
  });

  it('starts in production once its secrets are filled in, with no unknown variable', () => {
    const config = loadConfig({
      ...active,
      CANOPY_JWT_SECRET: 'x'.repeat(48),
      CANOPY_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      CANOPY_EMULATOR_CLIENT_SECRET: 'y'.repeat(43),
    });
    expect(config.env).toBe('production');
    expect(config.embed.sharedEmulator?.url).toBe('http://analytics:5300');
    expect(config.warnings).toEqual([]);
  });
});
