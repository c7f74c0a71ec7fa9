import type { CreateUserRequest, RoleName, User } from '@canopy/portal-contract';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import {
  adminTenantScope,
  isSuperAdmin,
  tenantScope,
  type Principal,
} from '../../shared/principal.ts';
import { revokeAllSessions } from '../auth/sessions.repository.ts';
import { deleteConversationImages } from '../chat/chat.repository.ts';
import type { Storage } from '../storage/storage.ts';
import { accountTenantOf, answerForeignInvitation } from './foreign-invitation.ts';
import { addMember, inviteMember } from './new-member.ts';
import type { InvitationDeps } from './send-invitation.ts';
import { holdTenant, lockTenant, tenantExists } from './tenant-row.repository.ts';
import type { TenantPeopleCache } from './tenant-people-cache.ts';
import { toUser } from './user-dto.ts';
import {
  countOtherAdmins,
  countTenantUsers,
  deleteUser as deleteUserRow,
  findUser,
  listChatContacts,
  listTenantUsers,
  readPeopleVersion,
  setRole,
  type UserRecord,
} from './users.repository.ts';

export interface UserDeps extends InvitationDeps {
  db: Kysely<Database>;
}

/** A tenant's people: its members (Admins and Viewers alike) and super administrators read it. */
export async function listUsers(
  db: Kysely<Database>,
  principal: Principal,
  tenantId: string,
  cache?: TenantPeopleCache,
): Promise<User[]> {
  const scope = tenantScope(principal, tenantId);
  // The version before the list: a list kept under it is never older than it.
  const version = cache ? await readPeopleVersion(db, scope) : 0;
  const kept = cache?.get(scope, version);
  if (kept) return kept;
  const rows = await listTenantUsers(db, scope);
  // Only an empty list needs the second look: a tenant with nobody, or no such tenant (404).
  if (rows.length === 0 && !(await tenantExists(db, scope))) throw new AppError('TENANT_NOT_FOUND');
  const users = rows.map(toUser);
  if (rows.length > 0) cache?.store(scope, version, users);
  return users;
}

export const countUsers = (db: Db) => countTenantUsers(db);

/** The chat widget's recipients: the caller's tenant colleagues, never the caller. */
export function chatContacts(db: Db, principal: Principal, tenantId: string) {
  return listChatContacts(db, tenantScope(principal, tenantId), principal.userId);
}

/** The person, re-read (inside the caller's transaction) after a change. */
async function reread(db: Db, userId: string): Promise<UserRecord> {
  const row = await findUser(db, userId);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return row;
}

/**
 * Creates a tenant member. Whatever password the form sent is ignored: the account starts
 * `invited`, with no password, and is mailed a set-password link (server/README.md). The email is
 * unique across the portal, case-insensitively; the unique index decides, so two concurrent
 * requests cannot both succeed. A tenant Admin is told EMAIL_TAKEN only for an address of their
 * own tenant: one taken elsewhere gets the answer a new invitation gets.
 */
export async function createUser(
  deps: UserDeps,
  actor: Actor,
  input: CreateUserRequest,
): Promise<User> {
  const tenantId = adminTenantScope(actor.principal, input.tenantId);
  const member = {
    email: input.email,
    tenantId,
    firstName: input.firstName || null,
    lastName: input.lastName || null,
    role: input.role,
  };
  try {
    const created = await deps.db.transaction().execute(async (trx) => {
      if (!(await holdTenant(trx, tenantId))) throw new AppError('TENANT_NOT_FOUND');
      const id = await addMember(trx, member);
      // Inside the transaction: an account whose invitation could not be sent is not kept.
      await inviteMember(trx, deps, actor, { ...member, id });
      return reread(trx, id);
    });
    return toUser(created);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Taken in this tenant: its Admins see that in their own list anyway. Taken elsewhere: only
    // super administrators may be told (foreign-invitation.ts).
    const holder = await accountTenantOf(deps.db, input.email);
    if (isSuperAdmin(actor.principal) || holder === tenantId) throw new AppError('EMAIL_TAKEN');
    return toUser(await answerForeignInvitation(deps.db, deps, actor, member));
  }
}

/**
 * The person `userId` as someone the caller may manage, re-read under the tenant's lock. Another
 * tenant's person, a super administrator or nobody at all: the same 404, so ids reveal nothing.
 */
export type TenantMember = UserRecord & { tenant_id: string };

export async function managedTarget(
  trx: Db,
  principal: Principal,
  userId: string,
): Promise<TenantMember> {
  const target = await findUser(trx, userId);
  const tenantId = target && !target.is_super_admin ? target.tenant_id : null;
  if (!tenantId || (!isSuperAdmin(principal) && tenantId !== principal.tenantId)) {
    throw new AppError('USER_NOT_FOUND');
  }
  adminTenantScope(principal, tenantId);
  if (userId === principal.userId) throw new AppError('CANNOT_CHANGE_SELF');
  if (!(await lockTenant(trx, tenantId))) throw new AppError('USER_NOT_FOUND');
  // Roles may have changed while we waited for the lock.
  return { ...(await reread(trx, userId)), tenant_id: tenantId };
}

/**
 * Refuses to take away a tenant's last Admin. Removing an active Admin needs another active one:
 * an invited Admin who never set a password cannot administer anything, and may never. Removing
 * an invited Admin needs another Admin of any kind (it takes no ability away, but a new tenant
 * whose only Admin is still invited keeps them).
 */
export async function ensureAnotherAdmin(trx: Db, target: TenantMember): Promise<void> {
  if (!target.roles.includes('Admin')) return;
  const activeOnly = !target.invited;
  if ((await countOtherAdmins(trx, target.tenant_id, target.id, activeOnly)) === 0) {
    throw new AppError('LAST_ADMIN');
  }
}

/** Gives a person one role. A change ends their sessions, so it applies at once. */
export async function changeRole(
  db: Kysely<Database>,
  actor: Actor,
  userId: string,
  role: RoleName,
): Promise<User> {
  const updated = await db.transaction().execute(async (trx) => {
    const target = await managedTarget(trx, actor.principal, userId);
    if (target.roles.length === 1 && target.roles[0] === role) return target;
    if (role !== 'Admin') await ensureAnotherAdmin(trx, target);
    await setRole(trx, target.id, role);
    await revokeAllSessions(trx, target.id, 'role_changed');
    await auditChange(trx, actor, {
      action: 'user.update_role',
      tenantId: target.tenant_id,
      target: `user:${target.id}`,
      details: { email: target.email, before: target.roles, after: [role] },
    });
    return reread(trx, target.id);
  });
  return toUser(updated);
}

/**
 * Deletes a person with their sessions and tokens (never a tenant's last Admin, never oneself).
 * Their conversations go with them (the rows cascade), so the images in those conversations are
 * removed from storage too, after the commit and best effort, like a deleted tenant's files.
 */
export async function deleteUser(
  deps: Pick<UserDeps, 'db' | 'warn'> & { storage: Storage },
  actor: Actor,
  userId: string,
): Promise<void> {
  const imageKeys = await deps.db.transaction().execute(async (trx) => {
    const target = await managedTarget(trx, actor.principal, userId);
    await ensureAnotherAdmin(trx, target);
    await revokeAllSessions(trx, target.id);
    const images = await deleteConversationImages(trx, target.id);
    await deleteUserRow(trx, target.id);
    await auditChange(trx, actor, {
      action: 'user.delete',
      tenantId: target.tenant_id,
      target: `user:${target.id}`,
      details: { email: target.email, roles: target.roles },
    });
    return images;
  });
  for (const key of imageKeys) {
    await deps.storage.delete(key).catch((cause: unknown) => {
      deps.warn({ err: cause, key }, 'could not remove a chat image of a deleted person');
    });
  }
}
