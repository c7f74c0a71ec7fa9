/**
 * Text for the PDF's standard fonts, which use WinAnsiEncoding (Windows-1252): Latin-1 plus a few
 * typographic characters in 0x80–0x9F. Characters outside it become "?", so a name in another script
 * still yields a valid file; the space variants Intl uses as digit-group separators become a
 * no-break space.
 */
const upper: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/** The WinAnsi byte of each character of `text`. */
export function winAnsiBytes(text: string): number[] {
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0x3f;
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else if (char in upper) bytes.push(upper[char] ?? 0x3f);
    else if (code === 0x202f || code === 0x2009 || code === 0x2007) bytes.push(0xa0);
    else if (code === 0x09 || code === 0x0a || code === 0x0d) bytes.push(0x20);
    else bytes.push(0x3f);
  }
  return bytes;
}

/**
 * A PDF literal string, `(…)`, of `text` in WinAnsi: parentheses and backslashes escaped, bytes
 * outside printable ASCII as octal escapes, so content streams stay 7-bit.
 */
export function pdfString(text: string): string {
  let out = '(';
  for (const byte of winAnsiBytes(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `${out})`;
}

/** A text string outside content streams (document info): UTF-16BE with a byte-order mark. */
export function pdfUnicodeString(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) {
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  }
  return `<${hex}>`;
}
