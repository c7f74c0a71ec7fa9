// Moved to src/db/tables/reports.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/reports.table.ts';
