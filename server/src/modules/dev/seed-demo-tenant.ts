import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../auth/passwords.ts';

export interface DemoPeople {
  tenant: string;
  admin: string;
  viewer: string;
}

const DEMO = {
  tenant: 'Demo Company',
  admin: 'ann.admin@demo.local',
  viewer: 'vic.viewer@demo.local',
};

/**
 * `pnpm dev` only (CANOPY_DEV_SEED, refused in production). On an installation without tenants it
 * makes one through the API, as a super administrator would — workspace with the template reports,
 * its Admin (invited with the tenant) and a Viewer, the Viewer granted the first report — and gives both people the
 * development password. A newcomer can then open a report and chat between two windows at once.
 * Returns null when tenants exist already (a restart keeps whatever the developer changed).
 */
export async function seedDemoTenant(
  app: FastifyInstance,
  db: Db,
  superAdmin: { email: string; password: string },
): Promise<DemoPeople | null> {
  const any = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const response = await app.inject({
      method,
      url,
      payload,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (response.statusCode >= 300)
      throw new Error(
        `dev seed: ${method} ${url} answered ${response.statusCode} ${response.body}`,
      );
    return (response.statusCode === 204 ? undefined : response.json()) as T;
  };
  const { token } = await call<{ token: string }>('POST', '/api/auth/login', undefined, superAdmin);
  const tenant = await call<{ id: string; powerBiGroupId: string | null }>(
    'POST',
    '/api/admin/tenants',
    token,
    { name: DEMO.tenant, adminEmail: DEMO.admin, createPowerBIWorkspace: true, theme: 'light' },
  );
  // Creating the tenant invited its Admin (the admin email); the Viewer is invited here.
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO.admin)
    .executeTakeFirstOrThrow();
  const viewer = await call<{ id: string }>('POST', '/api/users', token, {
    email: DEMO.viewer,
    tenantId: tenant.id,
    role: 'Viewer',
  });
  const ids = { Admin: admin.id, Viewer: viewer.id };
  // Invited people choose a password from their mail; these two get the development one now.
  await db
    .updateTable('users')
    .set({ password_hash: await hashPassword(superAdmin.password) })
    .where('id', 'in', [ids.Admin, ids.Viewer])
    .execute();
  if (tenant.powerBiGroupId) {
    const { reports } = await call<{ reports: { id: string }[] }>(
      'POST',
      '/api/admin/powerbi/reports',
      token,
      { groupId: tenant.powerBiGroupId },
    );
    if (reports[0])
      await call('POST', '/api/powerbi/permissions/grant', token, {
        userId: ids.Viewer,
        reportId: reports[0].id,
        workspaceId: tenant.powerBiGroupId,
        tenantId: tenant.id,
        canView: true,
      });
  }
  await call('POST', '/api/auth/logout', token);
  return DEMO;
}
