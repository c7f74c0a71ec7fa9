import { z } from 'zod';

/** Hostile values every field of every route is tried with (one at a time). */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  42,
  -1,
  1e308,
  true,
  '',
  ' ',
  'x'.repeat(100_000),
  '\u0000',
  '😀👍🏽‮ evil ‭',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '../../etc/passwd',
  [],
  ['a', 1, null],
  {},
  { __proto__: { polluted: true } },
  { constructor: { prototype: { polluted: true } } },
  nest(200),
];

/** Whole bodies that are not what any route expects. */
export const HOSTILE_BODIES: readonly unknown[] = [
  null,
  [],
  'text',
  0,
  nest(500),
  Array.from({ length: 10_000 }, (_, i) => i),
];

/** Raw payloads that are not even JSON (sent with content-type application/json). */
export const MALFORMED_JSON = [
  '{',
  '{"a":',
  '[1,2',
  '\u0000',
  'undefined',
  '{"a":1}}',
  '{'.repeat(10_000),
];

/** Path parameter values: none of them names an existing object of anyone's. */
export const HOSTILE_PARAMS = [
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '%00',
  '..%2F..%2Fetc%2Fpasswd',
  encodeURIComponent('😀'),
  'x'.repeat(2_000),
  '1%20or%201%3D1',
];

function nest(depth: number): unknown {
  let value: unknown = 'deep';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** The top-level field names of a zod object schema (empty for anything else). */
export function fieldsOf(schema: unknown): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** A plausible valid value per field name, so each mutation breaks one field at a time. */
export function validSample(schema: unknown): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return {};
  const sample: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape)) {
    sample[name] = sampleFor(name, field);
  }
  return sample;
}

function sampleFor(name: string, field: z.ZodType): unknown {
  const lower = name.toLowerCase();
  if (lower.includes('email')) return 'fuzz@example.com';
  if (lower.includes('color')) return '#123456';
  if (lower === 'theme') return 'light';
  if (lower === 'role') return 'Viewer';
  if (lower === 'status') return 'active';
  if (lower.endsWith('id')) return '00000000-0000-4000-8000-000000000000';
  if (lower.includes('password')) return 'Fuzz-Password-1';
  const probe = [true, 1, 'text', ['00000000-0000-4000-8000-000000000000'], {}];
  return probe.find((value) => field.safeParse(value).success) ?? 'text';
}
