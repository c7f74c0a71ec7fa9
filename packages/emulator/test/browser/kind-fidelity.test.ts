import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  embedIn,
  mark,
  onEmbed,
  openHostPage,
  openHostSession,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';

/**
 * Library calls that reach a dashboard, tile or paginated-report frame: the ones the service serves
 * are served (getCorrelationId, paginated updateSettings), the report-only ones get the service's
 * JSON error (NotSupported) instead of the catch-all's plain-text 404.
 */
let harness: Harness;
let page: Page;
let token: string;

beforeAll(async () => {
  ({ harness, page, token } = await openHostSession());
}, 60_000);
afterAll(async () => {
  await harness?.close();
});

/** Sends one request to the frame in #c1 through the host's http-post-message, as the library does. */
function ask(method: 'get' | 'post' | 'patch', url: string, body?: unknown) {
  return page.evaluate(
    async ({ method, url, body }) => {
      const hpm = (window as unknown as HostWindow).svc.hpm as unknown as Record<
        string,
        (...args: unknown[]) => Promise<unknown>
      >;
      const target = (document.querySelector('#c1 iframe') as HTMLIFrameElement)
        .contentWindow as Window;
      const call = hpm[method];
      if (!call) throw new Error(`no ${method}`);
      const args = method === 'get' ? [url, {}, target] : [url, body ?? null, {}, target];
      return call.apply(hpm, args).then(
        (reply) => ({ ok: true, reply }),
        (reply: unknown) => ({ ok: false, reply }),
      );
    },
    { method, url, body },
  ) as Promise<{ ok: boolean; reply: { statusCode: number; body: unknown } }>;
}

async function embed(config: object): Promise<void> {
  // A fresh host page: one container cannot switch from a dashboard to a report embed.
  await openHostPage(harness, page);
  const from = await mark(page);
  await embedIn(page, 'c1', 'embed', { accessToken: token, tokenType: 1, ...config });
  await waitEvent(page, 'c1', 'rendered', from);
}

describe('dashboard, tile and paginated frames answer like the service', () => {
  it('dashboard: getCorrelationId answers; save, saveAs and phased load are NotSupported JSON errors', async () => {
    const { url, sample } = harness.emulator;
    await embed({
      type: 'dashboard',
      id: sample.dashboardId,
      embedUrl: `${url}/dashboardEmbed?dashboardId=${sample.dashboardId}&groupId=${sample.groupId}`,
    });
    const id = await onEmbed(page, 'c1', (dashboard) => dashboard.getCorrelationId());
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    for (const path of ['/report/save', '/report/saveAs', '/dashboard/prepare']) {
      const answer = await ask('post', path, {});
      expect(answer.ok, path).toBe(false);
      expect(answer.reply.statusCode, path).toBe(400);
      expect(answer.reply.body, path).toMatchObject({
        errorCode: 'NotSupported',
        detailedMessage: expect.stringMatching(/not supported for dashboards/) as string,
      });
    }
  });

  it('paginated report: updateSettings hides the parameter panel; edit calls are NotSupported', async () => {
    const { url, sample } = harness.emulator;
    await embed({
      type: 'report',
      id: sample.paginatedReportId,
      embedUrl: `${url}/rdlEmbed?reportId=${sample.paginatedReportId}&groupId=${sample.groupId}`,
    });
    const panel = page.frameLocator('#c1 iframe').locator('.cv-rdl-params');
    expect(await panel.isVisible()).toBe(true);
    const from = await mark(page);
    await onEmbed(page, 'c1', (report) =>
      report.updateSettings({ commands: { parameterPanel: { enabled: false } } }),
    );
    await waitEvent(page, 'c1', 'settingsUpdated', from);
    expect(await panel.isVisible()).toBe(false);
    const bad = await ask('patch', '/report/settings', {
      commands: { parameterPanel: { enabled: 'no' } },
    });
    expect(bad.reply).toMatchObject({ statusCode: 400, body: { errorCode: 'Invalid parameters' } });
    expect(await onEmbed(page, 'c1', (report) => report.getCorrelationId())).toMatch(/-/);
    for (const [method, path] of [
      ['post', '/report/addPage'],
      ['post', '/report/switchMode/edit'],
      ['post', '/report/save'],
    ] as const) {
      const answer = await ask(method, path, {});
      expect(answer.reply.statusCode, path).toBe(400);
      expect(answer.reply.body, path).toMatchObject({ errorCode: 'NotSupported' });
    }
  });
});
