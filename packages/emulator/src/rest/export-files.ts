import { deflateSync } from 'node:zlib';
import type { QueryResult } from '../contract.ts';
import { crc32 } from '../export/crc32.ts';

/**
 * Small export files: a placeholder PNG (valid, it opens in viewers), and CSV of real data. PDF and
 * PPTX files are laid out in src/export.
 */

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A 1×1 PNG in the given RGB colour. */
export function tinyPng(rgb: [number, number, number] = [46, 125, 50]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, ...rgb]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export function toCsv(result: QueryResult): Buffer {
  const lines = [
    result.columns.map((c) => csvCell(c.name)).join(','),
    ...result.rows.map((row) => row.map(csvCell).join(',')),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}
