import type { RoleName } from '@canopy/portal-contract';
import { hashPassword } from '../../src/modules/auth/passwords.ts';
import { startSession } from '../../src/modules/auth/session.service.ts';
import type { TestApp } from '../helper.ts';

export const PASSWORD = 'Correct-Horse-1';
let counter = 0;
const unique = (prefix: string) =>
  `${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

/** Inserts a tenant directly (the API's own tests create them through the routes). */
export async function createTenant(
  t: TestApp,
  values: { name?: string; status?: 'active' | 'inactive'; powerBiGroupId?: string | null } = {},
) {
  return t.database.db
    .insertInto('tenants')
    .values({
      name: values.name ?? unique('Tenant'),
      admin_email: `${unique('admin')}@example.com`,
      status: values.status ?? 'active',
      primary_color: '#2563eb',
      theme: 'dark',
      power_bi_group_id: values.powerBiGroupId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

// One hash for every fixture account: argon2 is deliberately slow.
let passwordHash: Promise<string> | undefined;

export interface TestPerson {
  id: string;
  email: string;
  tenantId: string | null;
  /** A valid access token (a real session row stands behind it). */
  token: string;
}

/** Inserts a person with PASSWORD and signs them in (a session without going through /login). */
export async function createPerson(
  t: TestApp,
  values: { tenantId?: string | null; role?: RoleName; superAdmin?: boolean; email?: string } = {},
): Promise<TestPerson> {
  passwordHash ??= hashPassword(PASSWORD);
  const superAdmin = values.superAdmin ?? false;
  const user = await t.database.db
    .insertInto('users')
    .values({
      email: (
        values.email ??
        `${unique(superAdmin ? 'super' : (values.role ?? 'viewer').toLowerCase())}@example.com`
      ).toLowerCase(),
      tenant_id: superAdmin ? null : (values.tenantId ?? null),
      is_super_admin: superAdmin,
      password_hash: await passwordHash,
    })
    .returning(['id', 'email', 'tenant_id'])
    .executeTakeFirstOrThrow();
  if (!superAdmin) {
    await t.database.db
      .insertInto('user_roles')
      .values({ user_id: user.id, role: values.role ?? 'Viewer' })
      .execute();
  }
  const session = await startSession(
    {
      db: t.database.db,
      signAccessToken: (claims) => t.app.jwt.sign(claims),
      accessTokenTtlSeconds: t.config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: t.config.refreshTokenTtlSeconds,
    },
    user.id,
    { ip: null, userAgent: null },
    true,
  );
  return { id: user.id, email: user.email, tenantId: user.tenant_id, token: session.accessToken };
}

/** The usual cast: one super admin, and tenants A and B each with an Admin and a Viewer. */
export async function createCast(t: TestApp) {
  const tenantA = await createTenant(t, { name: 'Tenant A' });
  const tenantB = await createTenant(t, { name: 'Tenant B' });
  return {
    tenantA,
    tenantB,
    superAdmin: await createPerson(t, { superAdmin: true }),
    adminA: await createPerson(t, { tenantId: tenantA.id, role: 'Admin' }),
    viewerA: await createPerson(t, { tenantId: tenantA.id, role: 'Viewer' }),
    adminB: await createPerson(t, { tenantId: tenantB.id, role: 'Admin' }),
    viewerB: await createPerson(t, { tenantId: tenantB.id, role: 'Viewer' }),
  };
}
export type Cast = Awaited<ReturnType<typeof createCast>>;
