import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { AnalyticsClient } from '../../src/modules/analytics/analytics-client.ts';
import { localAnalyticsSettings } from '../../src/modules/analytics/start-local-analytics.ts';
import { testBackend } from '../support/backend.ts';
import { createEmptyTestDatabase } from '../support/test-database.ts';

/**
 * `analytics-profiles`, run as the real process (tsx) against an emulator it reaches over HTTP
 * (CANOPY_EMULATOR_URL, as a shared one) and the suite's backend: a tenant whose workspace the
 * service principal made before profiles is moved to a profile of its own.
 */
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = join(SERVER_DIR, 'node_modules', '.bin', 'tsx');
const SLOW = 180_000;

let dataDir: string;
let postgres: DatabaseHandle | undefined;
let emulator: RunningEmulator;

/** The database the command works on, opened by the test while no command runs. */
async function withDatabase<T>(use: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  if (postgres) return use(postgres.db);
  const handle = await createDatabase({ kind: 'pglite', dataDir });
  try {
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

function cli(args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn(TSX, ['src/cli/analytics-profiles.ts', ...args], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        CANOPY_DATA_DIR: dataDir,
        CANOPY_EMULATOR_URL: emulator.url,
        ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-profiles-cli-'));
  if (testBackend() === 'postgres') postgres = await createEmptyTestDatabase();
  emulator = await startEmulator({ populateNewWorkspaces: false, rows: 1_000 });
}, SLOW);

afterAll(async () => {
  await postgres?.close();
  await emulator?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('refuses an unknown option with its usage', { timeout: SLOW }, async () => {
  const res = await cli(['--everything']);
  expect(res.code).toBe(1);
  expect(res.stderr).toContain('Usage: pnpm --filter @canopy/server analytics-profiles');
});

it(
  "moves a tenant's workspace from the service principal to a new profile",
  { timeout: SLOW },
  async () => {
    const principal = new AnalyticsClient(localAnalyticsSettings(emulator));
    const workspace = await principal.post<{ id: string }>('/groups?workspaceV2=true', {
      name: 'Oldco - 2025',
    });
    const tenantId = await withDatabase(async (db) => {
      await migrateToLatest(db);
      const row = await db
        .insertInto('tenants')
        .values({
          name: 'Oldco',
          admin_email: 'owner@oldco.example',
          status: 'active',
          primary_color: '#2563eb',
          theme: 'dark',
          power_bi_group_id: workspace.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });

    const res = await cli([]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Gave 1 tenant(s) a profile; 0 had one; 0 failed.');
    const profileId = await withDatabase(async (db) => {
      const row = await db
        .selectFrom('tenants')
        .select('analytics_profile_id')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      return row.analytics_profile_id;
    });
    expect(emulator.state.profiles.get(profileId ?? '')?.displayName).toBe(`Oldco (${tenantId})`);
    expect(res.stdout).toContain(`profile ${profileId} is Admin of workspace ${workspace.id}`);
    // The principal left: the workspace no longer counts against its limit.
    expect(
      emulator.state.workspaces
        .get(workspace.id)
        ?.users.map((user) => [user.profile?.id ?? user.identifier, user.groupUserAccessRight]),
    ).toEqual([[profileId, 'Admin']]);

    const again = await cli([]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Gave 0 tenant(s) a profile; 1 had one; 0 failed.');
  },
);
