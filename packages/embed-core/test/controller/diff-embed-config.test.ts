import { describe, expect, it } from 'vitest';
import { diffEmbedConfig } from '../../src/index.ts';
import { REPORT2_URL, regionFilter, reportConfig } from './controller-bed.ts';

describe('diffEmbedConfig', () => {
  it('should see no change in a new object with equal content', () => {
    expect(
      diffEmbedConfig(
        reportConfig({ filters: [regionFilter(['East'])] }),
        reportConfig({ filters: [regionFilter(['East'])] }),
      ),
    ).toEqual({ kind: 'none' });
  });

  it('should turn token, settings, filters and page changes of a report into live updates, in that order', () => {
    const change = diffEmbedConfig(
      reportConfig(),
      reportConfig({
        pageName: 'p2',
        filters: [regionFilter(['West'])],
        settings: { filterPaneEnabled: false },
        accessToken: 'token-2',
      }),
    );
    expect(change).toEqual({
      kind: 'update',
      updates: [
        { kind: 'token', accessToken: 'token-2' },
        { kind: 'settings', settings: { filterPaneEnabled: false } },
        { kind: 'filters', filters: [regionFilter(['West'])] },
        { kind: 'page', pageName: 'p2' },
      ],
    });
  });

  it('should clear filters with an empty list when they are removed', () => {
    expect(
      diffEmbedConfig(reportConfig({ filters: [regionFilter(['East'])] }), reportConfig()),
    ).toEqual({ kind: 'update', updates: [{ kind: 'filters', filters: [] }] });
  });

  it('should keep the current page when pageName is dropped', () => {
    expect(diffEmbedConfig(reportConfig({ pageName: 'p2' }), reportConfig())).toEqual({
      kind: 'none',
    });
  });

  it('should replace the component when type, id or embed URL change', () => {
    expect(diffEmbedConfig(reportConfig(), reportConfig({ id: 'r2' })).kind).toBe('replace');
    expect(diffEmbedConfig(reportConfig(), reportConfig({ embedUrl: REPORT2_URL })).kind).toBe(
      'replace',
    );
    expect(diffEmbedConfig(reportConfig(), reportConfig({ type: 'dashboard' })).kind).toBe(
      'replace',
    );
  });

  it('should replace the component when the layout turns from desktop to phone or back', () => {
    const portrait = reportConfig({ settings: { layoutType: 2 } });
    expect(diffEmbedConfig(reportConfig(), portrait).kind).toBe('replace');
    expect(diffEmbedConfig(portrait, reportConfig({ settings: { layoutType: 0 } })).kind).toBe(
      'replace',
    );
    // Rotating a phone keeps the live component: a settings update.
    expect(diffEmbedConfig(portrait, reportConfig({ settings: { layoutType: 3 } }))).toEqual({
      kind: 'update',
      updates: [{ kind: 'settings', settings: { layoutType: 3 } }],
    });
  });

  it('should load again in place for changes the live component cannot apply', () => {
    expect(diffEmbedConfig(reportConfig(), reportConfig({ viewMode: 1 })).kind).toBe('embed');
    // A setting removed cannot be patched back to its default.
    expect(
      diffEmbedConfig(
        reportConfig({ settings: { filterPaneEnabled: false } }),
        reportConfig({ settings: {} }),
      ).kind,
    ).toBe('embed');
    // Only reports take page, filter and settings calls.
    const dashboard = { ...reportConfig(), type: 'dashboard', id: 'd1' };
    expect(
      diffEmbedConfig(dashboard, { ...dashboard, settings: { filterPaneEnabled: false } }).kind,
    ).toBe('embed');
    expect(diffEmbedConfig(dashboard, { ...dashboard, accessToken: 'token-2' })).toEqual({
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
    expect(diffEmbedConfig(qna, { ...qna, datasetIds: ['b'] }).kind).toBe('replace');
    const create = { type: 'create', embedUrl: REPORT2_URL, accessToken: 't', datasetId: 'a' };
    expect(diffEmbedConfig(create, { ...create, datasetId: 'b' }).kind).toBe('replace');
  });

  it('should wait while the token or the embed URL is missing, then complete the bootstrap', () => {
    const bootstrap = { type: 'report', embedUrl: REPORT2_URL };
    expect(diffEmbedConfig(bootstrap, { ...bootstrap, id: 'r2' })).toEqual({ kind: 'none' });
    expect(diffEmbedConfig(reportConfig(), reportConfig({ accessToken: undefined })).kind).toBe(
      'none',
    );
    expect(diffEmbedConfig(bootstrap, reportConfig()).kind).toBe('embed');
    expect(diffEmbedConfig(bootstrap, { ...reportConfig(), type: 'dashboard' }).kind).toBe(
      'replace',
    );
  });

  it('should compare event hooks by name only', () => {
    const a = reportConfig({ eventHooks: { accessTokenProvider: () => Promise.resolve('x') } });
    const b = reportConfig({ eventHooks: { accessTokenProvider: () => Promise.resolve('y') } });
    expect(diffEmbedConfig(a, b).kind).toBe('none');
    expect(diffEmbedConfig(a, reportConfig({ eventHooks: {} })).kind).toBe('embed');
  });
});
