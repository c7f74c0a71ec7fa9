/**
 * Values as an exported file shows them, in the export's locale (settings.locale): grouped digits,
 * two decimals for fractional values; a blank as "(Blank)" like the service's visuals.
 */
export function valueFormatter(locale: string): (value: string | number | null) => string {
  const integer = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const decimal = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return (value) => {
    if (value === null || value === '') return '(Blank)';
    if (typeof value === 'number') {
      return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
    }
    return value;
  };
}

/** A locale Intl understands, else en-US (an unknown settings.locale must not fail the export). */
export function exportLocale(requested: string | undefined): string {
  if (!requested) return 'en-US';
  try {
    return Intl.NumberFormat.supportedLocalesOf([requested])[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/** The export time as files print it: `2025-06-30 18:00 UTC`. */
export function exportTime(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
