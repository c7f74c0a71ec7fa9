// Moved to src/db/tables/users.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/users.table.ts';
