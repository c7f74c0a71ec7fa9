import type { TestApp } from '../helper.ts';
import { createPerson, type Cast } from '../support/fixtures.ts';
import type { Actor, MatrixContext, Target } from './matrix-types.ts';

/** A new Viewer of the target tenant (for cells that change or delete a person). */
export const freshViewer = (ctx: MatrixContext, target: Target) =>
  createPerson(ctx.t, { tenantId: ctx.tenant(target).id, role: 'Viewer' });

/** A new invited Viewer of the target tenant: no password yet (for the invitation cells). */
export async function freshInvitee(ctx: MatrixContext, target: Target) {
  const person = await createPerson(ctx.t, { tenantId: ctx.tenant(target).id, role: 'Viewer' });
  await ctx.t.database.db
    .updateTable('users')
    .set({ password_hash: null })
    .where('id', '=', person.id)
    .execute();
  return person;
}

/**
 * Routes under /api/account change the caller's own account and can end every session of theirs
 * (sign out everywhere, a password change). Sent with a cast member's token they would sign that
 * member out for every later test, so they are sent as a new person of the same kind instead.
 */
export const actsOnOwnAccount = (url: string) => url.startsWith('/api/account');

/** A token of a new person like the cast's `actor` (same kind, role and tenant). */
export async function lookalikeToken(
  t: TestApp,
  cast: Cast,
  actor: Exclude<Actor, 'anonymous'>,
): Promise<string> {
  const like = {
    superAdmin: { superAdmin: true },
    adminA: { tenantId: cast.tenantA.id, role: 'Admin' },
    viewerA: { tenantId: cast.tenantA.id, role: 'Viewer' },
    adminB: { tenantId: cast.tenantB.id, role: 'Admin' },
  } as const;
  return (await createPerson(t, like[actor])).token;
}
