import { LOGO_CONTENT_TYPES } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { detectImageType } from '../../src/modules/storage/image-type.ts';

/**
 * The SPA's logo hint and file filter are built from LOGO_CONTENT_TYPES in the shared contract;
 * this keeps that list equal to what the server really recognises, so the hint never promises a
 * type the upload refuses (it once offered SVG, which the server answers with 415).
 */
describe('the logo types the shared contract announces', () => {
  it('are exactly the types the server recognises by their first bytes', () => {
    const samples = [
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from('GIF89a\0\0'),
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ];
    const recognised = samples.map((bytes) => detectImageType(bytes)?.contentType);
    expect(recognised.filter(Boolean).sort()).toEqual([...LOGO_CONTENT_TYPES].sort());
    expect(recognised.at(-1)).toBeUndefined();
  });
});
