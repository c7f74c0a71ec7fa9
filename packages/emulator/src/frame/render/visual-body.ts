import type { ColumnRef, QueryResult, VisualDefinition } from '../../contract.ts';
import type { Palette } from './palette.ts';

/** A clicked data point: the category it belongs to and the values shown for it. */
export interface DataPoint {
  column: ColumnRef;
  value: string | number;
  values: { name: string; value: string | number | null }[];
}

/** What a visual body needs to draw itself and report interaction. */
export interface BodyContext {
  visual: VisualDefinition;
  result: QueryResult;
  palette: Palette;
  /** The category value selected in this visual (cross-filter source), if any. */
  selectedValue: string | number | undefined;
  /** Slicer only: the values currently selected. */
  slicerValues: (string | number)[];
  onDataPoint(point: DataPoint | undefined): void;
  onSlicerChange(values: (string | number)[]): void;
  onContextMenu(event: MouseEvent, point: DataPoint | undefined): void;
}

/** A drawn visual body; `dispose` releases chart instances and listeners. */
export interface RenderedBody {
  dispose(): void;
  resize(): void;
}

/** Number of leading result columns that are categories (the rest are measures). */
export function groupCount(visual: VisualDefinition): number {
  if (visual.type === 'slicer') return 1;
  return (
    (visual.query.groupBy?.length ?? 0) +
    (visual.type === 'pivotTable' ? (visual.query.columns?.length ?? 0) : 0)
  );
}

/** The column a click on the first category of this visual filters. */
export function categoryColumn(visual: VisualDefinition): ColumnRef | undefined {
  return visual.type === 'slicer' ? visual.target : visual.query.groupBy?.[0];
}

export function measureLabel(visual: VisualDefinition, index: number, fallback: string): string {
  const measure = visual.query.measures?.[index];
  if (!measure) return fallback;
  if (measure.alias) return measure.alias;
  const names: Record<string, string> = {
    sum: 'Sum of',
    avg: 'Average of',
    count: 'Count of',
    min: 'Min of',
    max: 'Max of',
    distinctCount: 'Distinct count of',
  };
  return `${names[measure.aggregation] ?? measure.aggregation} ${measure.column}`;
}

export function pointOf(
  visual: VisualDefinition,
  result: QueryResult,
  rowIndex: number,
): DataPoint | undefined {
  const column = categoryColumn(visual);
  const row = result.rows[rowIndex];
  const value = row?.[0];
  if (!column || !row || value === null || value === undefined) return undefined;
  return {
    column,
    value,
    values: result.columns.map((c, i) => ({ name: c.name, value: row[i] ?? null })),
  };
}
