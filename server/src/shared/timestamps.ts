/**
 * Timestamp columns, used as `Generated<CreatedAt>` (the database fills them in). Plain `Date`:
 * a `ColumnType` inside `Generated` would make selected rows carry the wrapper type, not a Date.
 */
export type CreatedAt = Date;
export type UpdatedAt = Date;
