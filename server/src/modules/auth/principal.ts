// Moved to src/shared/principal.ts; this re-export goes once every import points there.
export * from '../../shared/principal.ts';
