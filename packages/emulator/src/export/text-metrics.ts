/**
 * Approximate advance widths of Helvetica (in 1/1000 em), enough to right-align numbers and cut text
 * that would overflow a box. Digits are exact (556), which is what alignment needs.
 */
const narrow = new Set(" ,.:;!|'ijlI[]/\\()-ftr");
const wide = new Set('mwMW@%');

function charWidth(char: string, bold: boolean): number {
  if (char >= '0' && char <= '9') return 556;
  if (char === ' ' || char === ',' || char === '.') return 278;
  if (narrow.has(char)) return bold ? 333 : 278;
  if (wide.has(char)) return 889;
  if (char >= 'A' && char <= 'Z') return 700;
  return bold ? 600 : 556;
}

export function textWidth(text: string, size: number, bold = false): number {
  let width = 0;
  for (const char of text) width += charWidth(char, bold);
  return (width * size) / 1000;
}

/** `text` cut with an ellipsis so it fits `maxWidth`. */
export function fitText(text: string, size: number, maxWidth: number, bold = false): string {
  if (textWidth(text, size, bold) <= maxWidth) return text;
  const chars = [...text];
  while (chars.length > 0 && textWidth(`${chars.join('')}…`, size, bold) > maxWidth) chars.pop();
  return chars.length > 0 ? `${chars.join('')}…` : '';
}
