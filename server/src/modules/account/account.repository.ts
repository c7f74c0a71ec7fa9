import type { Db } from '../../db/database.ts';

/** Sets (or with nulls clears) a person's own display name; false when they are gone. */
export async function setName(
  db: Db,
  userId: string,
  name: { firstName: string | null; lastName: string | null },
): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ first_name: name.firstName, last_name: name.lastName })
    .where('id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
