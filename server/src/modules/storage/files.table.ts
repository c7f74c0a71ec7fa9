// Moved to src/db/tables/files.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/files.table.ts';
