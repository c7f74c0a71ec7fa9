import { lastLoggedInText } from '../../../shared/rules/format-date.ts';
import type { Report } from '@canopy/portal-contract';

/** Sizes and delays of the report screens. */
export const REPORTS = {
  /** Tenant and super admin report lists: 10 per page. */
  pageSize: 10,
  /** Skeleton rows while a list loads. */
  skeletonRows: 5,
  /** The embed starts this long after the view appears… */
  embedStartMs: 100,
  /** …and is cleaned up this long after leaving it. */
  embedCleanupMs: 50,
  /** The report id is shown by its first 8 characters. */
  idChars: 8,
} as const;

/**
 * Up to two letters: the first letter of each of the first two words ("Sales Overview" → "SO").
 * Words are runs of letters and digits, so "(Q1) Sales" gives "QS", not "(S".
 */
export function reportInitials(name: string): string {
  return (name.match(/[\p{L}\p{N}]+/gu) ?? [])
    .slice(0, 2)
    .map((word) => (/^./u.exec(word)?.[0] ?? '').toUpperCase())
    .join('');
}

export const shortId = (id: string) => id.slice(0, REPORTS.idChars);

/** Search Reports: names containing the search text, ignoring case (blank: every report). */
export function filterReports<T extends Pick<Report, 'name'>>(
  reports: readonly T[],
  search: string,
) {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...reports];
  return reports.filter((report) => report.name.toLowerCase().includes(needle));
}

/** Last Refreshed: the US short date and time the other screens use, or a dash when never refreshed. */
export function lastRefreshedText(value: string | null | undefined): string {
  // lastLoggedInText formats the same way and says "Never" for a missing or invalid date.
  return value && !Number.isNaN(new Date(value).getTime()) ? lastLoggedInText(value) : '—';
}

/** Created By, or a dash. */
export const createdByText = (value: string | null | undefined) => value?.trim() || '—';
