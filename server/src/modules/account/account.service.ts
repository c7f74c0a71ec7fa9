import type { UpdateNameRequest, User } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import type { Principal } from '../../shared/principal.ts';
import { toUser } from '../users/user-dto.ts';
import { findUser } from '../users/users.repository.ts';
import { setName } from './account.repository.ts';

/** The signed-in person's own account, as the user lists show people. */
export async function readAccount(db: Db, principal: Principal): Promise<User> {
  const row = await findUser(db, principal.userId);
  // The session was live a moment ago; a person deleted since has no account to show.
  if (!row) throw new AppError('SESSION_EXPIRED');
  return toUser(row);
}

/**
 * Sets the person's own display name (the schema trimmed it and checked both or neither are
 * given). Empty names are stored as null: the portal then derives a name from the email again.
 */
export async function updateName(db: Db, actor: Actor, input: UpdateNameRequest): Promise<User> {
  const { principal } = actor;
  const name = { firstName: input.firstName || null, lastName: input.lastName || null };
  const row = await db.transaction().execute(async (trx) => {
    if (!(await setName(trx, principal.userId, name))) throw new AppError('SESSION_EXPIRED');
    await auditChange(trx, actor, {
      action: 'account.name_change',
      tenantId: principal.tenantId,
      target: `user:${principal.userId}`,
      details: { cleared: name.firstName === null },
    });
    return findUser(trx, principal.userId);
  });
  if (!row) throw new AppError('SESSION_EXPIRED');
  return toUser(row);
}
