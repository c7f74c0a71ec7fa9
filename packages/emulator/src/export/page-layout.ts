import type { PageSnapshot, VisualSnapshot } from './report-snapshot.ts';

/**
 * Where things go on an exported page, shared by the PDF and the PowerPoint writer: a landscape 16:9
 * page of 960 × 540 pt (13.33 × 7.5 in, the size the service exports at), a header with the title
 * and details, a footer line, and the report page scaled into the space between, keeping its
 * proportions, centred. Coordinates are points from the top left.
 */
export const pageWidth = 960;
export const pageHeight = 540;
export const margin = 24;
export const headerHeight = 76;
export const footerHeight = 28;
export const contentWidth = pageWidth - 2 * margin;
/** Rows of tables and bar lists. */
export const rowHeight = 10;

export interface PlacedVisual {
  visual: VisualSnapshot;
  x: number;
  y: number;
  width: number;
  height: number;
}

export function placeVisuals(page: PageSnapshot): PlacedVisual[] {
  const areaHeight = pageHeight - headerHeight - footerHeight;
  const scale = Math.min(contentWidth / page.width, areaHeight / page.height);
  const left = margin + (contentWidth - page.width * scale) / 2;
  return page.visuals.map((visual) => ({
    visual,
    x: left + visual.layout.x * scale,
    y: headerHeight + visual.layout.y * scale,
    width: visual.layout.width * scale,
    height: visual.layout.height * scale,
  }));
}

/** The data rows that fit `height` under `headerLines` lines, keeping a line for "+ N more rows". */
export function rowsThatFit(total: number, height: number, headerLines: number): number {
  const lines = Math.max(0, Math.floor(height / rowHeight) - headerLines);
  return total <= lines ? total : Math.max(0, lines - 1);
}

/** The details line under the title: page name, export time, effective identity. */
export function detailsLine(pageName: string, time: string, username: string | undefined): string {
  return [
    `Page: ${pageName}`,
    `Exported ${time}`,
    ...(username === undefined ? [] : [`Effective identity: ${username}`]),
  ].join('   ·   ');
}

/** The chart types an export shows as labelled bars (the others as a card or a table). */
export const barTypes = new Set([
  'clusteredColumnChart',
  'clusteredBarChart',
  'lineChart',
  'pieChart',
  'donutChart',
]);

/** The note under a cut list: how many rows were left out ("over" when the export capped them). */
export function moreRowsNote(total: number, shown: number, capped: boolean | undefined): string {
  return `+ ${capped ? 'over ' : ''}${total - shown} more rows`;
}
