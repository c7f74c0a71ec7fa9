import type { ErrorDetail } from '../errors.ts';
import { isRecord } from '../is-record.ts';

export type JsonType = 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean' | 'null';

/**
 * The JSON Schema subset every emulator route describes its body (and query string) with. Route
 * schemas are plain JSON Schema, so they read like the service's own contracts, but they are checked
 * here, strictly: no type coercion in bodies (an object is never "coerced" into an array or string),
 * which is what let malformed GenerateToken bodies reach handlers as the wrong type.
 */
export interface JsonSchema {
  type?: JsonType | readonly JsonType[];
  properties?: Readonly<Record<string, JsonSchema>>;
  required?: readonly string[];
  /** `false` refuses unknown keys; a schema checks them; absent lets them through. */
  additionalProperties?: boolean | JsonSchema;
  maxProperties?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
}

const typeOf = (value: unknown): JsonType | undefined => {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object')
    return typeof value as JsonType;
  return undefined;
};

const typeNames: Record<JsonType, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  null: 'null',
};

const typesOf = (schema: JsonSchema): readonly JsonType[] | undefined =>
  schema.type === undefined
    ? undefined
    : typeof schema.type === 'string'
      ? [schema.type]
      : schema.type;

function matchesType(value: unknown, types: readonly JsonType[]): boolean {
  const actual = typeOf(value);
  if (actual === undefined) return false;
  return types.includes(actual) || (actual === 'integer' && types.includes('number'));
}

const patterns = new Map<string, RegExp>();
function regex(pattern: string): RegExp {
  let compiled = patterns.get(pattern);
  if (!compiled) {
    compiled = new RegExp(pattern, 'u');
    patterns.set(pattern, compiled);
  }
  return compiled;
}

const fail = (target: string, problem: string): ErrorDetail => ({
  message: `${target} ${problem}`,
  target,
});

/** Dotted targets (`identities.0.username`), as schema errors have always been reported. */
const child = (path: string, key: string | number) =>
  path === '' ? String(key) : `${path}.${key}`;

/**
 * Checks `value` against `schema`; returns the first problem (message and dotted target) or
 * `undefined`. Iteration is bounded by the schema, never by the value's own nesting, so a hostile
 * value cannot make it recurse deeply.
 */
export function checkSchema(
  schema: JsonSchema,
  value: unknown,
  path: string,
): ErrorDetail | undefined {
  const target = path === '' ? 'body' : path;
  const types = typesOf(schema);
  if (types && !matchesType(value, types))
    return fail(target, `must be ${types.map((type) => typeNames[type]).join(' or ')}`);
  if (schema.enum && !schema.enum.includes(value))
    return fail(target, `must be one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`);
  if (typeof value === 'string') {
    if (schema.minLength !== undefined && value.length < schema.minLength)
      return fail(target, `must have at least ${schema.minLength} characters`);
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return fail(target, `must have at most ${schema.maxLength} characters`);
    if (schema.pattern !== undefined && !regex(schema.pattern).test(value))
      return fail(target, `must match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (schema.minimum !== undefined && value < schema.minimum)
      return fail(target, `must be at least ${schema.minimum}`);
    if (schema.maximum !== undefined && value > schema.maximum)
      return fail(target, `must be at most ${schema.maximum}`);
  }
  if (Array.isArray(value)) {
    if (schema.minItems !== undefined && value.length < schema.minItems)
      return fail(target, `must have at least ${schema.minItems} items`);
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      return fail(target, `must have at most ${schema.maxItems} items`);
    if (schema.items) {
      for (let index = 0; index < value.length; index += 1) {
        const problem = checkSchema(schema.items, value[index], child(path, index));
        if (problem) return problem;
      }
    }
  }
  if (isRecord(value)) return checkObject(schema, value, path, target);
  return undefined;
}

function checkObject(
  schema: JsonSchema,
  value: Record<string, unknown>,
  path: string,
  target: string,
): ErrorDetail | undefined {
  const keys = Object.keys(value);
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties)
    return fail(target, `must have at most ${schema.maxProperties} properties`);
  for (const key of schema.required ?? []) {
    if (value[key] === undefined) return fail(child(path, key), 'is required');
  }
  const properties = schema.properties ?? {};
  for (const key of keys) {
    const known = Object.hasOwn(properties, key) ? properties[key] : undefined;
    const rule = known ?? schema.additionalProperties;
    if (rule === false) return fail(child(path, key), 'is not a known property');
    if (rule === undefined || rule === true) continue;
    const problem = checkSchema(rule, value[key], child(path, key));
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Query strings and path parameters arrive as text: numbers and booleans the schema asks for are
 * converted first (only there; bodies are never coerced).
 */
export function coerceText(schema: JsonSchema, value: unknown): unknown {
  if (!isRecord(value) || !schema.properties) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [key, rule] of Object.entries(schema.properties)) {
    const raw = out[key];
    if (typeof raw !== 'string') continue;
    const types = typesOf(rule) ?? [];
    if ((types.includes('integer') || types.includes('number')) && raw.trim() !== '') {
      const n = Number(raw);
      if (!Number.isNaN(n)) out[key] = n;
    } else if (types.includes('boolean') && (raw === 'true' || raw === 'false')) {
      out[key] = raw === 'true';
    }
  }
  return out;
}
