import type { ICustomTheme } from 'powerbi-models';

/** The default data colours; a theme's `dataColors` replace them. */
export const DEFAULT_COLORS = [
  '#2f6fdf',
  '#12a594',
  '#e8833a',
  '#8e5bd6',
  '#d64f6c',
  '#4aa3df',
  '#7a9c2e',
  '#c9a227',
];

export interface Palette {
  dataColors: string[];
  background: string;
  foreground: string;
  accent: string;
}

const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#[0-9a-f]{3,8}$/i.test(value);

export function paletteOf(theme: ICustomTheme | undefined): Palette {
  const json = (theme?.themeJson ?? {}) as Record<string, unknown>;
  const dataColors = Array.isArray(json.dataColors) ? json.dataColors.filter(isColor) : [];
  return {
    dataColors: dataColors.length > 0 ? dataColors : DEFAULT_COLORS,
    background: isColor(json.background) ? json.background : '#ffffff',
    foreground: isColor(json.foreground) ? json.foreground : '#252423',
    accent: isColor(json.tableAccent) ? json.tableAccent : (dataColors[0] ?? '#2f6fdf'),
  };
}
