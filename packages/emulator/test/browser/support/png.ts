import { inflateSync } from 'node:zlib';

/**
 * Counts the distinct colours of an 8-bit RGB/RGBA PNG (what Chromium screenshots are): enough to
 * tell a drawn report from a blank or single-colour frame without an image library.
 */
export function distinctColors(png: Buffer): number {
  return pngColors(png).size;
}

/** The set of colours (0xRRGGBB) of an 8-bit RGB/RGBA PNG. */
export function pngColors(png: Buffer): Set<number> {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8) throw new Error('only 8-bit PNGs are supported');
      colorType = data[9] ?? 0;
    } else if (type === 'IDAT') {
      idat.push(data);
    }
    offset += 12 + length;
  }
  const channels = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (channels === 0) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const previous = new Uint8Array(stride);
  const current = new Uint8Array(stride);
  const colors = new Set<number>();
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)] ?? 0;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (current[x - channels] ?? 0) : 0;
      const up = previous[x] ?? 0;
      const upLeft = x >= channels ? (previous[x - channels] ?? 0) : 0;
      const value = line[x] ?? 0;
      let predicted = 0;
      if (filter === 1) predicted = left;
      else if (filter === 2) predicted = up;
      else if (filter === 3) predicted = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      current[x] = (value + predicted) & 0xff;
    }
    for (let x = 0; x < stride; x += channels) {
      colors.add(((current[x] ?? 0) << 16) | ((current[x + 1] ?? 0) << 8) | (current[x + 2] ?? 0));
    }
    previous.set(current);
  }
  return colors;
}
