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
