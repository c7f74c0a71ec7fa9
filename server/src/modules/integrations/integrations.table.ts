// Moved to src/db/tables/integrations.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/integrations.table.ts';
