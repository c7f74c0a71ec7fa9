const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 2 });

/** Table cells: grouped digits, at most two decimals; blanks as an em dash like the service. */
export function formatValue(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '(Blank)';
  if (typeof value === 'number')
    return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
  return value;
}

/** Cards and axis labels: compact notation (12.3K, 4.5M). */
export function formatCompact(value: string | number | null | undefined): string {
  if (typeof value !== 'number') return formatValue(value);
  return Math.abs(value) >= 10_000 ? compact.format(value) : formatValue(value);
}

const fixed2 = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * A formatter per column of a table: a number column with any fractional value shows two decimals
 * on every row (44,249,922.00 above 7,901,154.30), so the digits line up as in the service's tables.
 */
export function columnFormats(
  columns: readonly { type: string }[],
  rows: readonly (readonly (string | number | null)[])[],
): ((value: string | number | null | undefined) => string)[] {
  return columns.map((column, index) => {
    const fractional =
      column.type === 'number' &&
      rows.some((row) => typeof row[index] === 'number' && !Number.isInteger(row[index]));
    return fractional
      ? (value) => (typeof value === 'number' ? fixed2.format(value) : formatValue(value))
      : formatValue;
  });
}
