import { describe, expect, it } from 'vitest';
import { brightness, textOnColor } from './brightness.ts';

describe('text on the primary colour (spec §9)', () => {
  it('should use white on dark colours and black on light ones', () => {
    expect(textOnColor('#2563eb')).toBe('#ffffff');
    expect(textOnColor('#ffffff')).toBe('#000000');
    expect(textOnColor('#facc15')).toBe('#000000');
  });

  it('should switch strictly above 180', () => {
    // (299 * 180 + 587 * 180 + 114 * 180) / 1000 = 180 exactly: not above, so white.
    expect(brightness('#b4b4b4')).toBe(180);
    expect(textOnColor('#b4b4b4')).toBe('#ffffff');
    expect(textOnColor('#b5b5b5')).toBe('#000000');
  });
});
