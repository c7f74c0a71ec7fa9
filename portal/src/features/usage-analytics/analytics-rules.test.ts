import type { ReportUsageStats } from '@canopy/portal-contract';
import { describe, expect, it } from 'vitest';
import { applyListView } from '../../shared/rules/list-view.ts';
import {
  labelStep,
  msText,
  personText,
  readPeriod,
  reportListRules,
  seriesSummary,
  withChoice,
} from './rules/analytics-rules.ts';

describe('usage analytics rules', () => {
  it('reads the period from the URL, 30 days unless 7 or 90 is asked for', () => {
    expect(readPeriod(new URLSearchParams('days=7'))).toBe('7');
    expect(readPeriod(new URLSearchParams('days=90'))).toBe('90');
    expect(readPeriod(new URLSearchParams('days=14'))).toBe('30');
    expect(readPeriod(new URLSearchParams(''))).toBe('30');
  });

  it('puts a chosen period or tenant in the URL and goes back to the first page', () => {
    const params = new URLSearchParams('days=7&tenant=t1&page=3&q=sales');
    expect(withChoice(params, 'days', '90').toString()).toBe('days=90&tenant=t1&q=sales');
    expect(withChoice(params, 'tenant', null).toString()).toBe('days=7&q=sales');
    expect(params.get('page')).toBe('3');
  });

  it('rounds milliseconds and shows a dash when nothing was measured', () => {
    expect(msText(1234.6)).toBe('1,235 ms');
    expect(msText(38.5)).toBe('39 ms');
    expect(msText(null)).toBe('—');
  });

  it('labels every day of a week, every 5th of a month and every 15th of a quarter', () => {
    expect([labelStep(7), labelStep(30), labelStep(90)]).toEqual([1, 5, 15]);
  });

  it('says in words what the chart shows', () => {
    expect(
      seriesSummary([
        { date: '2026-11-24', views: 1 },
        { date: '2026-11-25', views: 0 },
        { date: '2026-11-26', views: 4 },
      ]),
    ).toBe('5 report views from Nov 24 to Nov 26; the most, 4, on Nov 26.');
    expect(seriesSummary([{ date: '2026-11-26', views: 0 }])).toBe(
      'No report views from Nov 26 to Nov 26.',
    );
  });

  it('names a person by their name, their email, or as deleted', () => {
    const person = {
      userId: null,
      tenantId: null,
      tenantName: null,
      views: 1,
      lastViewedAt: '2026-11-26T00:00:00Z',
    };
    expect(personText({ ...person, firstName: 'Ada', lastName: 'L', email: 'a@x.com' })).toBe(
      'Ada L',
    );
    expect(
      personText({ ...person, firstName: null, lastName: null, email: 'jane.doe@x.com' }),
    ).toBe('Jane Doe');
    expect(personText({ ...person, firstName: null, lastName: null, email: null })).toBe(
      'Deleted person',
    );
  });

  it('sorts reports by a percentile with unmeasured ones last either way', () => {
    const report = (reportId: string, median: number | null): ReportUsageStats => ({
      reportId,
      name: reportId,
      tenantId: null,
      tenantName: null,
      views: 1,
      viewers: 1,
      loadMs: { median, p95: median },
      renderMs: { median, p95: median },
      lastViewedAt: '2026-11-26T00:00:00Z',
    });
    const reports = [report('b', 300), report('none', null), report('a', 100)];
    const order = (direction: 'asc' | 'desc') =>
      applyListView(
        reports,
        { search: '', sort: { key: 'loadMedian', direction } },
        reportListRules,
      ).map((r) => r.reportId);
    expect(order('asc')).toEqual(['a', 'b', 'none']);
    expect(order('desc')).toEqual(['b', 'a', 'none']);
    expect(
      applyListView(reports, { search: 'NON', sort: null }, reportListRules).map((r) => r.reportId),
    ).toEqual(['none']);
  });
});
