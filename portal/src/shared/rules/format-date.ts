const US_SHORT = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: '2-digit',
  hour: 'numeric',
  minute: '2-digit',
});

/** US short date with hours and minutes ("11/25/26, 3:04 PM"), or "Never" when absent. */
export function lastLoggedInText(value: string | null | undefined): string {
  if (!value) return 'Never';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'Never' : US_SHORT.format(date);
}

export const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

const MEDIUM = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 26, 2026, 6:53 PM" (My account's sessions), or a dash when absent or unreadable. */
export function dateTimeText(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  return value && !Number.isNaN(date.getTime()) ? MEDIUM.format(date) : '—';
}
