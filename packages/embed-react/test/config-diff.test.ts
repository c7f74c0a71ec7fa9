import { describe, expect, it } from 'vitest';
import { diffConfig } from '../src/config-diff.ts';
import { deepEqual, snapshotValue } from '../src/deep-equal.ts';
import { REPORT2_URL, reportConfig } from './support/embed-harness.ts';

const filter = (values: string[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: { table: 'Sales', column: 'Region' },
  operator: 'In',
  values,
  filterType: 1,
});

describe('diffConfig', () => {
  it('should see no change in a new object with equal content', () => {
    expect(
      diffConfig(
        reportConfig({ filters: [filter(['East'])] }),
        reportConfig({ filters: [filter(['East'])] }),
      ),
    ).toEqual({ kind: 'none' });
  });

  it('should turn token, settings, filters and page changes of a report into live updates, in that order', () => {
    const change = diffConfig(
      reportConfig(),
      reportConfig({
        pageName: 'p2',
        filters: [filter(['West'])],
        settings: { filterPaneEnabled: false },
        accessToken: 'token-2',
      }),
    );
    expect(change).toEqual({
      kind: 'update',
      updates: [
        { kind: 'token', accessToken: 'token-2' },
        { kind: 'settings', settings: { filterPaneEnabled: false } },
        { kind: 'filters', filters: [filter(['West'])] },
        { kind: 'page', pageName: 'p2' },
      ],
    });
  });

  it('should clear filters with an empty list when they are removed', () => {
    expect(diffConfig(reportConfig({ filters: [filter(['East'])] }), reportConfig())).toEqual({
      kind: 'update',
      updates: [{ kind: 'filters', filters: [] }],
    });
  });

  it('should replace the component when type, id or embed URL change', () => {
    expect(diffConfig(reportConfig(), reportConfig({ id: 'r2' })).kind).toBe('replace');
    expect(diffConfig(reportConfig(), reportConfig({ embedUrl: REPORT2_URL })).kind).toBe(
      'replace',
    );
    expect(diffConfig(reportConfig(), reportConfig({ type: 'dashboard' })).kind).toBe('replace');
  });

  it('should load again in place for changes the live component cannot apply', () => {
    expect(diffConfig(reportConfig(), reportConfig({ viewMode: 1 })).kind).toBe('embed');
    // A setting removed cannot be patched back to its default.
    expect(
      diffConfig(
        reportConfig({ settings: { filterPaneEnabled: false } }),
        reportConfig({ settings: {} }),
      ).kind,
    ).toBe('embed');
    // Only reports take page, filter and settings calls.
    const dashboard = { ...reportConfig(), type: 'dashboard', id: 'd1' };
    expect(
      diffConfig(dashboard, { ...dashboard, settings: { filterPaneEnabled: false } }).kind,
    ).toBe('embed');
    expect(diffConfig(dashboard, { ...dashboard, accessToken: 'token-2' })).toEqual({
      kind: 'update',
      updates: [{ kind: 'token', accessToken: 'token-2' }],
    });
  });

  it('should replace a Q&A or create component instead of loading it again', () => {
    const qna = {
      type: 'qna',
      embedUrl: 'https://app.powerbi.com/qnaEmbed',
      accessToken: 't',
      datasetIds: ['a'],
    };
    expect(diffConfig(qna, { ...qna, datasetIds: ['b'] }).kind).toBe('replace');
  });

  it('should wait while the token or the embed URL is missing, then complete the bootstrap', () => {
    const bootstrap = { type: 'report', embedUrl: REPORT2_URL };
    expect(diffConfig(bootstrap, { ...bootstrap, id: 'r2' })).toEqual({ kind: 'none' });
    expect(diffConfig(reportConfig(), reportConfig({ accessToken: undefined })).kind).toBe('none');
    expect(diffConfig(bootstrap, reportConfig()).kind).toBe('embed');
    expect(diffConfig(bootstrap, { ...reportConfig(), type: 'dashboard' }).kind).toBe('replace');
  });

  it('should compare event hooks by name only', () => {
    const a = reportConfig({ eventHooks: { accessTokenProvider: () => Promise.resolve('x') } });
    const b = reportConfig({ eventHooks: { accessTokenProvider: () => Promise.resolve('y') } });
    expect(diffConfig(a, b).kind).toBe('none');
    expect(diffConfig(a, reportConfig({ eventHooks: {} })).kind).toBe('embed');
  });
});

describe('deepEqual and snapshotValue', () => {
  it('should compare by value, treat undefined keys as absent and dates by time', () => {
    expect(deepEqual({ a: [1, { b: 2 }], c: undefined }, { a: [1, { b: 2 }] })).toBe(true);
    expect(deepEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(deepEqual(new Date(5), new Date(5))).toBe(true);
    expect(deepEqual(new Date(5), {})).toBe(false);
    expect(deepEqual([1], { 0: 1 })).toBe(false);
  });

  it('should copy nested data so that later in-place mutation is a change', () => {
    const settings = { panes: { filters: { visible: true } } };
    const config = reportConfig({ settings });
    const copy = snapshotValue(config);
    settings.panes.filters.visible = false;
    expect(deepEqual(copy, config)).toBe(false);
  });
});
