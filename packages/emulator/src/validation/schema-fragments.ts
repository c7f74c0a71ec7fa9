import type { JsonSchema } from './json-schema.ts';

/**
 * Schema parts the route declarations share. Route schemas bound the shape (types, lengths, list
 * sizes) before a handler runs; the handlers then check meaning (names against the model, ids
 * against the catalogue).
 */
export const idSchema: JsonSchema = { type: 'string', minLength: 1, maxLength: 128 };
export const nameSchema: JsonSchema = { type: 'string', maxLength: 256 };
/** Free-form JSON parts (filters, visual extras): any value, bounded by the body's depth and size. */
export const anyJson: JsonSchema = {};
