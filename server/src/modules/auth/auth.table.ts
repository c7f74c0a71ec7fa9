// Moved to src/db/tables/auth.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/auth.table.ts';
