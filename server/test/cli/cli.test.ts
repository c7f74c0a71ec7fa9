import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import { verifyPassword } from '../../src/modules/auth/passwords.ts';
import { createMailer } from '../../src/modules/mail/mailer.ts';
import { testBackend } from '../support/backend.ts';
import { createEmptyTestDatabase } from '../support/test-database.ts';

/**
 * The operator commands, run as the real processes (tsx, like `pnpm --filter @canopy/server …`)
 * against a temporary data folder, on the suite's backend: PGlite files in that folder, or a
 * fresh, empty PostgreSQL database through DATABASE_URL.
 */
const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const TSX = join(SERVER_DIR, 'node_modules', '.bin', 'tsx');
const SLOW = 180_000;

let dataDir: string;
let postgres: DatabaseHandle | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-cli-test-'));
  if (testBackend() === 'postgres') postgres = await createEmptyTestDatabase();
});
afterAll(async () => {
  await postgres?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(
  script: string,
  args: string[],
  options: { env?: Record<string, string>; stdin?: string } = {},
) {
  return new Promise<Result>((done, fail) => {
    const child = spawn(TSX, [script, ...args], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        CANOPY_DATA_DIR: dataDir,
        ...(postgres?.url ? { DATABASE_URL: postgres.url } : {}),
        ...options.env,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** Reads the database the commands wrote, after they exited (PGlite allows one process at a time). */
async function inspect<T>(read: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> {
  if (postgres) return read(postgres.db);
  const handle = await createDatabase({ kind: 'pglite', dataDir });
  try {
    return await read(handle.db);
  } finally {
    await handle.close();
  }
}

const findUser = (email: string) =>
  inspect((db) =>
    db
      .selectFrom('users')
      .select(['id', 'is_super_admin', 'password_hash', 'tenant_id'])
      .where('email', '=', email)
      .executeTakeFirst(),
  );

describe('migrate', () => {
  it(
    'brings an empty database to the latest schema, then has nothing to do',
    { timeout: SLOW },
    async () => {
      const first = await cli('src/cli/migrate.ts', []);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toContain('migrated 2026_11_25_000001_create_identity');
      expect(first.stdout).toContain('migrated 2026_11_25_000002_create_oidc_sign_in');
      const second = await cli('src/cli/migrate.ts', []);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('already up to date');
    },
  );

  it('stops with the name of a bad variable', { timeout: SLOW }, async () => {
    const res = await cli('src/cli/migrate.ts', [], { env: { DATABASE_URL: 'not a url' } });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('DATABASE_URL');
  });
});

describe('migrate on an unreachable PostgreSQL', () => {
  it('says so in one line naming DATABASE_URL', { timeout: SLOW }, async () => {
    // Port 1 on loopback: nothing listens there without privileges.
    const res = await cli('src/cli/migrate.ts', [], {
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' },
    });
    expect(res.code).toBe(1);
    expect(res.stderr.trim()).toBe(
      'Cannot reach PostgreSQL at postgres://postgres@127.0.0.1:1/test (DATABASE_URL): connection refused (is PostgreSQL running and listening there?)',
    );
  });
});

describe('create-admin', () => {
  it(
    'creates a super administrator with the password from CANOPY_ADMIN_PASSWORD',
    { timeout: SLOW },
    async () => {
      const res = await cli('src/cli/create-admin.ts', ['Boss@Example.com'], {
        env: { CANOPY_ADMIN_PASSWORD: 'First-Password-1' },
      });
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Created the super administrator boss@example.com');
      expect(res.stdout).toContain('password from CANOPY_ADMIN_PASSWORD');
      expect(res.stdout).not.toContain('First-Password-1');
      const user = await findUser('boss@example.com');
      expect(user).toMatchObject({ is_super_admin: true, tenant_id: null });
      expect(await verifyPassword(user?.password_hash ?? null, 'First-Password-1')).toBe(true);
    },
  );

  it(
    'sets a new password read from stdin for an existing one, ending their sessions',
    { timeout: SLOW },
    async () => {
      const before = await findUser('boss@example.com');
      await inspect((db) =>
        db
          .insertInto('sessions')
          .values({
            user_id: before?.id ?? '',
            expires_at: new Date(Date.now() + 60_000),
            ip: null,
            user_agent: null,
          })
          .execute(),
      );
      const res = await cli('src/cli/create-admin.ts', ['boss@example.com'], {
        stdin: 'Second-Password-2\n',
      });
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('Set a new password');
      const user = await findUser('boss@example.com');
      expect(await verifyPassword(user?.password_hash ?? null, 'Second-Password-2')).toBe(true);
      const live = await inspect((db) =>
        db
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', user?.id ?? '')
          .where('revoked_at', 'is', null)
          .execute(),
      );
      expect(live).toEqual([]);
    },
  );

  it(
    'prefers the password piped in over CANOPY_ADMIN_PASSWORD, and says so',
    { timeout: SLOW },
    async () => {
      const res = await cli('src/cli/create-admin.ts', ['boss@example.com'], {
        env: { CANOPY_ADMIN_PASSWORD: 'Left-Over-Password-4' },
        stdin: 'Piped-Password-5\n',
      });
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('password from stdin; CANOPY_ADMIN_PASSWORD ignored');
      const user = await findUser('boss@example.com');
      expect(await verifyPassword(user?.password_hash ?? null, 'Piped-Password-5')).toBe(true);
    },
  );

  it('refuses a password that breaks the policy, naming each rule', { timeout: SLOW }, async () => {
    const res = await cli('src/cli/create-admin.ts', ['weak@example.com'], { stdin: 'weak\n' });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('Must be at least 8 characters');
    expect(res.stderr).toContain('Must contain an uppercase letter');
    expect(res.stderr).toContain('Must contain a number');
    expect(await findUser('weak@example.com')).toBeUndefined();
  });

  it('leaves a tenant member alone', { timeout: SLOW }, async () => {
    await inspect(async (db) => {
      const tenant = await db
        .insertInto('tenants')
        .values({
          name: 'T',
          admin_email: 'a@example.com',
          status: 'active',
          primary_color: '#2563eb',
          theme: 'dark',
          power_bi_group_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('users')
        .values({ email: 'member@example.com', tenant_id: tenant.id, password_hash: null })
        .execute();
    });
    const res = await cli('src/cli/create-admin.ts', ['member@example.com'], {
      env: { CANOPY_ADMIN_PASSWORD: 'Member-Password-3' },
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('belongs to a tenant user');
    expect(await findUser('member@example.com')).toMatchObject({
      is_super_admin: false,
      password_hash: null,
    });
  });

  it('explains its usage without an email, and refuses a bad one', { timeout: SLOW }, async () => {
    const none = await cli('src/cli/create-admin.ts', []);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('Usage: pnpm --filter @canopy/server create-admin <email>');
    const bad = await cli('src/cli/create-admin.ts', ['not-an-email']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Not an email address');
  });
});

describe('outbox', () => {
  it(
    'says when it is empty, then prints the mails newest last with their links',
    { timeout: SLOW },
    async () => {
      const empty = await cli('src/cli/outbox.ts', []);
      expect(empty.code).toBe(0);
      expect(empty.stdout).toContain('The outbox is empty');

      const mailer = createMailer({
        from: 'Canopy <no-reply@canopy.local>',
        outboxDir: join(dataDir, 'outbox'),
      });
      await mailer.send({
        to: 'first@example.com',
        subject: 'Reset your Canopy password',
        text: 'Go to http://portal.test/reset-password?token=aaa111 now.',
      });
      await mailer.send({
        to: 'second@example.com',
        subject: 'You have been invited to Canopy',
        text: 'Set it at http://portal.test/reset-password?token=bbb222\n',
      });
      const res = await cli('src/cli/outbox.ts', []);
      expect(res.code).toBe(0);
      const first = res.stdout.indexOf('to first@example.com');
      const second = res.stdout.indexOf('to second@example.com');
      expect(first).toBeGreaterThanOrEqual(0);
      expect(second).toBeGreaterThan(first);
      expect(res.stdout).toContain('   http://portal.test/reset-password?token=aaa111\n');
      expect(res.stdout).toContain('   http://portal.test/reset-password?token=bbb222\n');
      expect(res.stdout).toContain('2 mail(s)');
    },
  );
});

describe('dev-oidc-issuer', () => {
  it(
    'serves a local OpenID provider whose tokens carry the given, verified email',
    { timeout: SLOW },
    async () => {
      const child = spawn(TSX, ['src/cli/dev-oidc-issuer.ts', 'dev-admin@example.com'], {
        cwd: SERVER_DIR,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DEV_OIDC_PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      try {
        const issuer = await new Promise<string>((found, fail) => {
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => {
            out += chunk.toString();
            const match = /CANOPY_OIDC_ISSUER=(\S+)/.exec(out);
            if (match?.[1]) found(match[1]);
          });
          child.on('close', (code) => fail(new Error(`exited ${code}: ${out}`)));
        });
        const discovery = (await (
          await fetch(`${issuer}/.well-known/openid-configuration`)
        ).json()) as { issuer: string; token_endpoint: string };
        expect(discovery.issuer).toBe(issuer);
        const tokens = (await (
          await fetch(discovery.token_endpoint, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: 'grant_type=client_credentials&scope=openid',
          })
        ).json()) as { access_token: string };
        expect(decodeJwt(tokens.access_token)).toMatchObject({
          email: 'dev-admin@example.com',
          email_verified: true,
        });
      } finally {
        child.kill('SIGTERM');
      }
    },
  );
});
