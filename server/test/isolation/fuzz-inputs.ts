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
  'a\u0000b',
  // Lone surrogates: JSON.stringify writes them as `\ud800`-style escapes, which JSON.parse
  // turns back into text no database column can hold.
  '\ud800',
  'x\udc00y',
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

/**
 * Bodies sent as multipart/form-data to every route that takes a body: without a boundary, with
 * a boundary but cut short, and with a NUL in a field value.
 */
export const MALFORMED_MULTIPART: readonly { label: string; contentType: string; body: string }[] =
  [
    {
      label: 'multipart without boundary',
      contentType: 'multipart/form-data',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--\r\n',
    },
    {
      label: 'multipart cut short',
      contentType: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
    },
    {
      label: 'multipart NUL field',
      contentType: 'multipart/form-data; boundary=x',
      body: '--x\r\nContent-Disposition: form-data; name="content"\r\n\r\na\u0000b\r\n--x--\r\n',
    },
  ];

/** Query values (already URL-encoded) for every query parameter an operation documents. */
export const HOSTILE_QUERY_VALUES = [
  '%00',
  'a%00b',
  // Bytes of a UTF-16 surrogate in UTF-8, which no valid UTF-8 holds.
  '%ED%A0%80',
  'x'.repeat(20_000),
  '-1',
  '1e308',
];

/** Path parameter values: none of them names an existing object of anyone's. */
export const HOSTILE_PARAMS = [
  '00000000-0000-4000-8000-000000000000',
  'not-a-uuid',
  '%00',
  '%ED%A0%80',
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
