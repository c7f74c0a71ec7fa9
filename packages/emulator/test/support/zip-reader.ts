import { inflateRawSync } from 'node:zlib';
import { crc32 } from '../../src/export/crc32.ts';

/**
 * Reads a ZIP archive the way an unzip tool does: from the end-of-central-directory record, through
 * the central directory, to each local header; inflates deflated entries and checks every CRC.
 */
export function readZip(file: Buffer): Map<string, Buffer> {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end-of-central-directory record');
  const count = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let index = 0; index < count; index += 1) {
    if (file.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${index}`);
    const method = file.readUInt16LE(at + 10);
    const crc = file.readUInt32LE(at + 16);
    const compressed = file.readUInt32LE(at + 20);
    const size = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extra = file.readUInt16LE(at + 30);
    const comment = file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (file.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header of ${name}`);
    const dataAt = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const raw = file.subarray(dataAt, dataAt + compressed);
    const data = method === 8 ? inflateRawSync(raw) : method === 0 ? raw : undefined;
    if (!data) throw new Error(`${name}: unknown method ${method}`);
    if (data.length !== size || crc32(data) !== crc) throw new Error(`${name}: size or CRC wrong`);
    entries.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}
