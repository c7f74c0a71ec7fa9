import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  embedIn,
  mark,
  openHostPage,
  openHostSession,
  waitEvent,
  type Harness,
} from './support/harness.ts';

/**
 * The dashboard and tile pages ask only for what their token allows: with a token listing just the
 * dashboard, or just one tile, they render, and they never request a report definition or send a
 * query of their own (the pinned visuals and their data come from the tile endpoints).
 */
let harness: Harness;
let page: Page;
let requests: string[] = [];

beforeAll(async () => {
  ({ harness, page } = await openHostSession());
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/_emulator/') && !pathname.startsWith('/_emulator/assets/'))
      requests.push(`${request.method()} ${pathname}`);
  });
});

beforeEach(async () => {
  await openHostPage(harness, page);
  requests = [];
});

afterAll(async () => {
  await harness?.close();
});

const frame = () => page.frameLocator('#c1 iframe');
const reportOrQuery = (path: string) => /\/_emulator\/(reports|query|datasets)/.test(path);

describe('scoped dashboard and tile embeds', () => {
  it('renders a dashboard with a dashboard-only token from its pinned visuals alone', async () => {
    const { url, sample } = harness.emulator;
    const { token } = harness.emulator.mintToken({ dashboards: [sample.dashboardId] });
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'dashboard',
      id: sample.dashboardId,
      embedUrl: `${url}/dashboardEmbed?dashboardId=${sample.dashboardId}&groupId=${sample.groupId}`,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(() => frame().locator('.cv-tile [data-rendered=true]').count()).toBe(4);
    expect(requests.filter(reportOrQuery)).toEqual([]);
    expect(requests.filter((r) => r.endsWith('/data'))).toHaveLength(4);
  });

  it('renders a tile with a token for that tile only', async () => {
    const { url, sample } = harness.emulator;
    const tile = harness.emulator.state.dashboards.get(sample.dashboardId)?.definition.tiles[0];
    const { token } = harness.emulator.mintToken({ tiles: [tile?.id ?? ''] });
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', {
      type: 'tile',
      id: tile?.id,
      dashboardId: sample.dashboardId,
      embedUrl: `${url}/embed?dashboardId=${sample.dashboardId}&tileId=${tile?.id}`,
      accessToken: token,
      tokenType: 1,
    });
    await waitEvent(page, 'c1', 'rendered', from);
    await expect.poll(() => frame().locator('.cv-card-value').textContent()).toMatch(/\d/);
    expect(requests.filter(reportOrQuery)).toEqual([]);
    expect(
      requests.some((r) => r.startsWith('GET /_emulator/dashboards/') && !r.includes('/tiles/')),
    ).toBe(false);
  });
});
