import type { Db } from '../../db/database.ts';
import type { FilesTable } from '../../db/tables/files.table.ts';

export async function insertFile(db: Db, row: Omit<FilesTable, 'created_at'>): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/** A stored file's metadata, only when it was stored for `purpose`. */
export function findFile(
  db: Db,
  key: string,
  purpose: FilesTable['purpose'],
): Promise<{ content_type: string; size: number } | undefined> {
  return db
    .selectFrom('files')
    .select(['content_type', 'size'])
    .where('key', '=', key)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}
