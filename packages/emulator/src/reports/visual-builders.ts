import type {
  Aggregation,
  MobileLayoutDefinition,
  ColumnRef,
  MeasureRef,
  VisualDefinition,
  VisualType,
} from '../contract.ts';
import { salesTable } from '../data/generate-sales.ts';

/** Small helpers so the sample definitions read like a report outline, not like JSON plumbing. */

export const col = (column: string): ColumnRef => ({ table: salesTable, column });

const aggregationLabel: Record<Aggregation, string> = {
  sum: 'Sum of',
  avg: 'Average of',
  count: 'Count of',
  min: 'Min of',
  max: 'Max of',
  distinctCount: 'Count (Distinct) of',
};

/** A measure with the label the cloud's field well would show ("Sum of Amount"). */
export const measure = (
  column: string,
  aggregation: Aggregation = 'sum',
  alias?: string,
): MeasureRef => ({
  table: salesTable,
  column,
  aggregation,
  alias: alias ?? `${aggregationLabel[aggregation]} ${column}`,
});

export function visual(
  name: string,
  title: string,
  type: VisualType,
  layout: [x: number, y: number, width: number, height: number],
  query: VisualDefinition['query'],
  extra: Partial<VisualDefinition> = {},
): VisualDefinition {
  const [x, y, width, height] = layout;
  return { name, title, type, layout: { x, y, z: 0, width, height }, query, ...extra };
}

/** Width of a phone layout's canvas: a 360 px wide phone sees it at its natural size. */
export const MOBILE_LAYOUT_WIDTH = 360;
const MOBILE_GAP = 8;

/** A phone layout that stacks the named visuals at the full width, each `height` units tall. */
export function mobileLayout(rows: [visualName: string, height: number][]): MobileLayoutDefinition {
  const visuals: MobileLayoutDefinition['visuals'] = {};
  let y = MOBILE_GAP;
  for (const [name, height] of rows) {
    visuals[name] = { x: MOBILE_GAP, y, width: MOBILE_LAYOUT_WIDTH - 2 * MOBILE_GAP, height };
    y += height + MOBILE_GAP;
  }
  return { width: MOBILE_LAYOUT_WIDTH, height: y, visuals };
}
