/** Perceived brightness (0–255) of a #rrggbb colour: the W3C formula (299 R + 587 G + 114 B) / 1000. */
export function brightness(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return 0;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** Text on the tenant's primary colour: black when brightness is above 180, else white. */
export const textOnColor = (hex: string) => (brightness(hex) > 180 ? '#000000' : '#ffffff');

/** WCAG relative luminance of a #rrggbb colour. */
export function luminance(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return 0;
  const [r, g, b] = match.slice(1).map((part) => {
    const c = parseInt(part, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const mix = (hex: string, toward: number, amount: number) => {
  const channels = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `#${channels
    .map((c) =>
      Math.round(c + (toward - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
};

/**
 * The surface to put textOnColor's text on: the tenant's colour itself when the pair reads
 * well (WCAG AA, 4.5:1), else the nearest darker (white text) or lighter (black text) shade that
 * does. The brightness rule alone lets colours such as #0284c7 or orange carry unreadable text.
 */
export function readableSurface(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  const text = textOnColor(hex);
  const toward = text === '#ffffff' ? 0 : 255;
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hex.toLowerCase(), toward, step * 0.05);
    if (contrast(candidate, text) >= 4.5) return candidate;
  }
  return text === '#ffffff' ? '#000000' : '#ffffff';
}
