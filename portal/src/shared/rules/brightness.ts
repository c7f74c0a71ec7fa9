/** Perceived brightness (0–255) of a #rrggbb colour: the W3C formula (299 R + 587 G + 114 B) / 1000. */
export function brightness(hex: string): number {
  const match = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  if (!match) return 0;
  const [r, g, b] = match.slice(1).map((part) => parseInt(part, 16)) as [number, number, number];
  return (r * 299 + g * 587 + b * 114) / 1000;
}

/** Text on the primary colour: black when brightness is above 180, else white (spec §9). */
export const textOnColor = (hex: string) => (brightness(hex) > 180 ? '#000000' : '#ffffff');
