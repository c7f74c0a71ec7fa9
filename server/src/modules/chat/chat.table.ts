// Moved to src/db/tables/chat.table.ts; this re-export goes once every import points there.
export * from '../../db/tables/chat.table.ts';
