// Moved to src/db/tables/audit.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/audit.table.ts';
