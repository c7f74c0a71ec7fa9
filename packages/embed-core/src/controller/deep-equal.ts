/**
 * Structural equality for embed configurations: plain data compared by value, `Date`s by time, and
 * keys holding `undefined` treated as absent. Functions count as equal to any function: the
 * controller always calls the latest one (see `embed-controller.ts`), so a new inline arrow on each
 * render of a framework component is not a change.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a === 'function' && typeof b === 'function') return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (a instanceof Date || b instanceof Date) {
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  }
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) {
    return false;
  }
  return keys.every((key) => key in right && deepEqual(left[key], right[key]));
}

/**
 * A copy of the data in `value` (arrays and objects copied, everything else kept), so that a later
 * in-place mutation of the caller's object is still seen as a change.
 */
export function snapshotValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => snapshotValue(item)) as T;
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = snapshotValue(item);
  return copy as T;
}
