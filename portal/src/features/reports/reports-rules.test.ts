import { ApiError } from '../../shared/api/api-fetch.ts';
import { reportsFailureText, tokenFailureText } from './rules/report-failures.ts';
import { describe, expect, it } from 'vitest';
import {
  createdByText,
  filterReports,
  lastRefreshedText,
  reportInitials,
  shortId,
} from './rules/report-rules.ts';

describe('report initials: first letters of the first two words', () => {
  it.each([
    ['Sales Overview', 'SO'],
    ['sales overview by region', 'SO'],
    ['Finance', 'F'],
    ['  Quarterly   results ', 'QR'],
    ['(Q1) Sales', 'QS'],
    ['Ventes – Été', 'VÉ'],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(reportInitials(name)).toBe(initials);
  });
});

describe('report columns', () => {
  it('shows the first 8 characters of the id', () => {
    expect(shortId('0f8e2a6c-1b2d-4e5f-9a8b-7c6d5e4f3a2b')).toBe('0f8e2a6c');
  });
  it('shows Last Refreshed as a US short date with time, or a dash', () => {
    expect(lastRefreshedText(null)).toBe('—');
    expect(lastRefreshedText('not a date')).toBe('—');
    expect(lastRefreshedText('2026-11-25T15:04:00')).toBe('11/25/26, 3:04 PM');
  });
  it('shows Created By, or a dash', () => {
    expect(createdByText('ann@acme.test')).toBe('ann@acme.test');
    expect(createdByText(null)).toBe('—');
    expect(createdByText('  ')).toBe('—');
  });
});

describe('report search: case-insensitive containment in the name', () => {
  const reports = [{ name: 'Sales Overview' }, { name: 'Inventory' }, { name: 'Wholesale' }];
  it('keeps every report for a blank search', () => {
    expect(filterReports(reports, '  ')).toEqual(reports);
  });
  it('matches anywhere in the name, ignoring case', () => {
    expect(filterReports(reports, 'SALE').map((r) => r.name)).toEqual([
      'Sales Overview',
      'Wholesale',
    ]);
    expect(filterReports(reports, 'zzz')).toEqual([]);
  });
});

describe('report failure texts', () => {
  const bare = new ApiError('Request failed with status 502', 502, undefined, {
    statusText: 'Bad Gateway',
    fromServer: false,
  });
  const server = new ApiError('Report not found', 404, 'REPORT_NOT_FOUND', {
    statusText: 'Not Found',
    fromServer: true,
  });
  const forbidden = new ApiError('You do not have permission to perform this action', 403);

  it('embed token: the server message, else "Failed to get embed token", else the fallback', () => {
    expect(tokenFailureText(server, 'Failed to load report')).toBe('Report not found');
    expect(tokenFailureText(bare, 'Failed to load report')).toBe('Failed to get embed token');
    expect(tokenFailureText(forbidden, 'Failed to load report')).toBe(forbidden.message);
    expect(tokenFailureText(new Error('boom'), 'Failed to load report')).toBe(
      'Failed to load report',
    );
  });

  it('report list: the server message, else "Failed to fetch reports: <status> <statusText>"', () => {
    expect(reportsFailureText(server)).toBe('Report not found');
    expect(reportsFailureText(bare)).toBe('Failed to fetch reports: 502 Bad Gateway');
    expect(reportsFailureText(new Error('boom'))).toBe('Failed to fetch reports');
  });
});
