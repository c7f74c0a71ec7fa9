/**
 * Text and attribute values for XML parts: the five markup characters escaped, and characters XML
 * 1.0 forbids (control characters, lone surrogates) dropped, so any report or data name yields a
 * well-formed part.
 */
export function xmlText(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/[&<>"']/g, (char) => `&${entities[char] ?? 'amp'};`);
}

const entities: Record<string, string> = {
  '&': 'amp',
  '<': 'lt',
  '>': 'gt',
  '"': 'quot',
  "'": 'apos',
};

export const xmlDeclaration = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
