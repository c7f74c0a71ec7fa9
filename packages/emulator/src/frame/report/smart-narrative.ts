import type { QueryResult, VisualDefinition } from '../../contract.ts';
import { formatValue } from '../render/format.ts';
import { groupCount, measureLabel } from '../render/visual-body.ts';

const percent = (part: number, whole: number) =>
  whole === 0 ? '0%' : `${((part / whole) * 100).toFixed(1)}%`;

/**
 * A plain-language summary of one visual's data, computed from the rows it shows: totals, the
 * largest and smallest category and their shares.
 */
export function summarizeVisual(visual: VisualDefinition, result: QueryResult): string {
  const groups = groupCount(visual);
  const measureIndex = result.columns.findIndex((c, i) => i >= groups && c.type === 'number');
  if (visual.type === 'slicer')
    return `${visual.title} offers ${result.rows.length} values to choose from.`;
  if (measureIndex < 0) return `${visual.title} lists ${result.rows.length} rows.`;
  const label = measureLabel(
    visual,
    measureIndex - groups,
    result.columns[measureIndex]?.name ?? 'value',
  );
  const numbers = result.rows.map((row) => Number(row[measureIndex] ?? 0));
  const total = numbers.reduce((sum, n) => sum + n, 0);
  if (groups === 0 || result.rows.length <= 1) {
    return `${label} is ${formatValue(numbers[0] ?? 0)}.`;
  }
  let max = 0;
  let min = 0;
  numbers.forEach((n, i) => {
    if (n > (numbers[max] ?? -Infinity)) max = i;
    if (n < (numbers[min] ?? Infinity)) min = i;
  });
  const category = result.columns[0]?.name ?? 'category';
  const name = (i: number) => formatValue(result.rows[i]?.[0] ?? null);
  const additive = visual.query.measures?.[measureIndex - groups]?.aggregation;
  const totalText =
    additive === 'sum' || additive === 'count'
      ? `${label} totals ${formatValue(total)} across ${result.rows.length} ${category} values. `
      : `${label} is shown for ${result.rows.length} ${category} values. `;
  const share =
    additive === 'sum' || additive === 'count'
      ? ` (${percent(numbers[max] ?? 0, total)} of the total)`
      : '';
  return `${totalText}${name(max)} has the highest ${label} at ${formatValue(numbers[max] ?? 0)}${share}, and ${name(min)} the lowest at ${formatValue(numbers[min] ?? 0)}.`;
}
