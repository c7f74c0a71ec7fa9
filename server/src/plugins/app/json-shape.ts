const OPEN_OBJECT = 0x7b; // {
const OPEN_ARRAY = 0x5b; // [
const CLOSE_OBJECT = 0x7d; // }
const CLOSE_ARRAY = 0x5d; // ]
const QUOTE = 0x22; // "
const BACKSLASH = 0x5c; // \
const COMMA = 0x2c; // ,

export interface JsonShapeLimits {
  /** Objects and arrays nested in one another. */
  maxDepth: number;
  /** Commas outside strings: about the number of array items and object members. */
  maxValues: number;
}

/**
 * What is wrong with the shape of JSON text, found by counting brackets and commas outside
 * strings — one pass, no allocation, stopping at the first level or value too many. Parsing a
 * deeply nested body costs far more than its size suggests (about a second for 800 KB of `[`),
 * and validating tens of thousands of items, each with its own error, holds the event loop as
 * long, so this runs before JSON.parse. Malformed text is not judged here; the parser refuses it.
 */
export function jsonShapeProblem(text: string, limits: JsonShapeLimits): 'depth' | 'values' | null {
  let depth = 0;
  let values = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === COMMA) {
      if (++values > limits.maxValues) return 'values';
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > limits.maxDepth) return 'depth';
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
    }
  }
  return null;
}
