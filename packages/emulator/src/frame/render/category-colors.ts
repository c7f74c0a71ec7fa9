import type { ColumnRef } from '../../contract.ts';

/**
 * Colours bound to category values, as the service keeps them: the first time a value of a column
 * is drawn it takes the next palette slot, and keeps that slot for the life of the frame. A filter
 * that removes "Asia" then leaves "Europe" its colour instead of shifting every slice along; the
 * same column in two visuals shows the same value in the same colour.
 */
const slots = new Map<string, Map<string, number>>();

const columnKey = (column: ColumnRef | undefined) =>
  column ? `${column.table}\u0000${column.column}` : '';

/** The colour of one category value of `column` from `colors` (a theme's dataColors). */
export function categoryColor(
  column: ColumnRef | undefined,
  value: string | number | null,
  colors: readonly string[],
): string {
  const key = columnKey(column);
  let values = slots.get(key);
  if (!values) {
    values = new Map();
    slots.set(key, values);
  }
  const name = value === null ? '\u0000blank' : String(value);
  let slot = values.get(name);
  if (slot === undefined) {
    slot = values.size;
    values.set(name, slot);
  }
  return colors[slot % colors.length] ?? '#2f6fdf';
}
