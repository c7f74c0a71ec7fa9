import { describe, expect, it } from 'vitest';
import { brightness, contrast, readableSurface, textOnColor } from './brightness.ts';

describe('text on the primary colour: black above brightness 180, else white', () => {
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

describe('readable surface for the primary colour', () => {
  it('should keep a colour that already reads well with its text', () => {
    expect(readableSurface('#2563eb')).toBe('#2563eb');
    expect(readableSurface('#facc15')).toBe('#facc15');
  });

  it('should deepen a colour whose white text would fall below 4.5:1', () => {
    const surface = readableSurface('#0284c7');
    expect(surface).not.toBe('#0284c7');
    expect(contrast(surface, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(readableSurface('#ff8800'), textOnColor('#ff8800'))).toBeGreaterThanOrEqual(
      4.5,
    );
  });
});
