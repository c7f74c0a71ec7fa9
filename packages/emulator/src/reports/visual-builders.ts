import type {
  Aggregation,
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
