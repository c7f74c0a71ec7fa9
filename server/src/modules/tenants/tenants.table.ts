// Moved to src/db/tables/tenants.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/tenants.table.ts';
