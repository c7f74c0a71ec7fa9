/**
 * Just enough PDF reading for tests: checks the file's structure (header, every xref entry pointing
 * at its `n 0 obj`, trailer, `%%EOF`) and pulls the text out of uncompressed content streams, page
 * by page, decoding WinAnsi octal escapes.
 */
export interface ParsedPdf {
  version: string;
  /** Text of each page, in drawing order, one string per text-showing operator. */
  pages: string[][];
}

const winAnsiHigh: Record<number, string> = { 0x80: '€', 0x95: '•', 0x96: '–', 0x97: '—' };

export function parsePdf(file: Buffer): ParsedPdf {
  const text = file.toString('latin1');
  const version = /^%PDF-(1\.\d)\n/.exec(text)?.[1];
  if (!version) throw new Error('no %PDF-1.x header');
  if (!text.trimEnd().endsWith('%%EOF')) throw new Error('no %%EOF at the end');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\s*$/.exec(text)?.[1]);
  if (text.slice(startxref, startxref + 5) !== 'xref\n') throw new Error('startxref misses xref');
  const header = /^xref\n0 (\d+)\n/.exec(text.slice(startxref));
  const size = Number(header?.[1]);
  const entriesAt = startxref + (header?.[0].length ?? 0);
  const offsets: number[] = [];
  for (let index = 0; index < size; index += 1) {
    const entry = text.slice(entriesAt + index * 20, entriesAt + index * 20 + 20);
    const match = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry);
    if (!match) throw new Error(`bad xref entry ${index}: ${JSON.stringify(entry)}`);
    if (match[3] === 'n') {
      const offset = Number(match[1]);
      if (!text.startsWith(`${index} 0 obj\n`, offset)) {
        throw new Error(
          `xref entry ${index} points at ${JSON.stringify(text.slice(offset, offset + 12))}`,
        );
      }
      offsets[index] = offset;
    }
  }
  const object = (id: number) => {
    const start = offsets[id];
    if (start === undefined) throw new Error(`object ${id} missing`);
    return text.slice(start, text.indexOf('\nendobj', start));
  };
  const trailer = text.slice(text.indexOf('trailer', startxref));
  const root = Number(/\/Root (\d+) 0 R/.exec(trailer)?.[1]);
  const pagesId = Number(/\/Pages (\d+) 0 R/.exec(object(root))?.[1]);
  const kids = [...(/\/Kids \[([^\]]*)\]/.exec(object(pagesId))?.[1] ?? '').matchAll(/(\d+) 0 R/g)];
  const pages = kids.map(([, id]) => {
    const page = object(Number(id));
    const contents = Number(/\/Contents (\d+) 0 R/.exec(page)?.[1]);
    const stream = object(contents);
    const length = Number(/\/Length (\d+)/.exec(stream)?.[1]);
    const body = stream.slice(
      stream.indexOf('stream\n') + 7,
      stream.indexOf('stream\n') + 7 + length,
    );
    return [...body.matchAll(/\((?:[^()\\]|\\.)*\) Tj/g)].map(([shown]) =>
      decodeString(shown.slice(1, -4)),
    );
  });
  return { version, pages };
}

function decodeString(literal: string): string {
  return literal.replace(/\\([0-7]{3}|.)/g, (_, escaped: string) => {
    if (escaped.length === 3) {
      const code = parseInt(escaped, 8);
      return winAnsiHigh[code] ?? String.fromCharCode(code);
    }
    return escaped;
  });
}
