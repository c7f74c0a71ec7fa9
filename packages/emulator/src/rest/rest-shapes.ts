/**
 * A small language for the response shapes of the service's REST API (rest-contract.ts) and the
 * check of an answer against one. Objects are open: the service sends fields its published
 * description does not list (a workspace's `type`, a report's `isFromPbix`), so a field that is not
 * declared is allowed, while a declared field must have its type and a required one must be there.
 */
export type Shape =
  | 'string'
  | 'integer'
  | 'boolean'
  | 'guid'
  /** An ISO 8601 date and time, as the service writes them (`2025-06-30T18:00:00.000Z`). */
  | 'dateTime'
  | { enum: readonly string[] }
  | { object: Record<string, Shape>; required?: readonly string[] }
  | { array: Shape };

/** A GUID, as a JSON-schema `pattern` too: the service refuses request fields it types as one otherwise. */
export const guidPattern =
  '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const guid = new RegExp(guidPattern);
const dateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/;

/** An OData collection: `value` holds the items. */
export const list = (item: Shape): Shape => ({
  object: { value: { array: item } },
  required: ['value'],
});

/** Where `value` departs from `shape`, as JSON paths; empty when it conforms. */
export function violations(value: unknown, shape: Shape, path = '$'): string[] {
  if (shape === 'string') return typeof value === 'string' ? [] : [`${path}: not a string`];
  if (shape === 'integer') return Number.isInteger(value) ? [] : [`${path}: not an integer`];
  if (shape === 'boolean') return typeof value === 'boolean' ? [] : [`${path}: not a boolean`];
  if (shape === 'guid') {
    return typeof value === 'string' && guid.test(value) ? [] : [`${path}: not a GUID`];
  }
  if (shape === 'dateTime') {
    return typeof value === 'string' && dateTimePattern.test(value) && !isNaN(Date.parse(value))
      ? []
      : [`${path}: not an ISO 8601 date-time`];
  }
  if ('enum' in shape) {
    return shape.enum.includes(value as string) ? [] : [`${path}: ${String(value)} not in enum`];
  }
  if ('array' in shape) {
    if (!Array.isArray(value)) return [`${path}: not an array`];
    return value.flatMap((item, index) => violations(item, shape.array, `${path}[${index}]`));
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [`${path}: not an object`];
  }
  const record = value as Record<string, unknown>;
  const missing = (shape.required ?? [])
    .filter((key) => !(key in record))
    .map((key) => `${path}.${key}: missing`);
  const wrong = Object.entries(shape.object).flatMap(([key, field]) =>
    key in record ? violations(record[key], field, `${path}.${key}`) : [],
  );
  return [...missing, ...wrong];
}
