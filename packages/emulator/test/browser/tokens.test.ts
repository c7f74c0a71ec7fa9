import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  embedIn,
  eventsSince,
  mark,
  openHostPage,
  openHostSession,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';
import { sessionEmbed, type SessionKind } from './support/session-embeds.ts';

let harness: Harness;
let page: Page;

beforeAll(async () => {
  ({ harness, page } = await openHostSession());
});

beforeEach(async () => {
  await openHostPage(harness, page);
});

afterAll(async () => {
  await harness?.close();
});

const frame = () => page.frameLocator('#c1 iframe');

function reportConfig(accessToken: string, id = harness.emulator.sample.salesReportId) {
  return {
    type: 'report',
    id,
    embedUrl: `${harness.emulator.url}/reportEmbed?reportId=${id}`,
    accessToken,
    tokenType: 1,
  };
}

describe('tokens', () => {
  it('posts TokenExpired when the token expires and recovers with setAccessToken', async () => {
    const short = harness.emulator.mintToken({
      reports: [harness.emulator.sample.salesReportId],
      expiresInSeconds: 3,
    });
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', reportConfig(short.token));
    await waitEvent(page, 'c1', 'rendered', from);
    const expired = await waitEvent(page, 'c1', 'error', from, 15_000);
    expect(expired).toMatchObject({ message: 'TokenExpired', errorCode: 'TokenExpired', level: 6 });

    // The stale token is refused by the data API too.
    const stale = await page.evaluate(async () => {
      const report = (window as unknown as HostWindow).embeds.c1;
      const visual = await (await report.getActivePage()).getVisualByName('totalAmountCard');
      return visual.exportData(0).then(
        () => 'resolved',
        (error: unknown) => error,
      );
    });
    expect(stale).toMatchObject({ errorCode: 'TokenExpired' });
    const fresh = harness.emulator.mintToken({
      reports: [harness.emulator.sample.salesReportId],
    }).token;
    const recovered = await mark(page);
    await page.evaluate(
      (token) => (window as unknown as HostWindow).embeds.c1.setAccessToken(token),
      fresh,
    );
    await waitEvent(page, 'c1', 'rendered', recovered);
    const csv = await page.evaluate(async () => {
      const report = (window as unknown as HostWindow).embeds.c1;
      const visual = await (await report.getActivePage()).getVisualByName('totalAmountCard');
      return (await visual.exportData(0)).data as string;
    });
    expect(Number(csv.split('\r\n')[1])).toBeGreaterThan(0);
  });

  it('renews the token through the accessTokenProvider hook instead of failing', async () => {
    const short = harness.emulator.mintToken({
      reports: [harness.emulator.sample.salesReportId],
      expiresInSeconds: 2,
    });
    const fresh = harness.emulator.mintToken({
      reports: [harness.emulator.sample.salesReportId],
    }).token;
    await page.evaluate((token) => {
      (window as unknown as { nextToken: string }).nextToken = token;
    }, fresh);
    const from = await mark(page);
    await embedIn(
      page,
      'c1',
      'embed',
      { ...reportConfig(short.token), tokenType: 0 },
      { tokenFromWindow: true },
    );
    await waitEvent(page, 'c1', 'rendered', from);
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { providerCalls: number }).providerCalls),
        { timeout: 10_000 },
      )
      .toBe(1);
    // Calls after the original token's expiry still work, and no error event was posted.
    const pages = await page.evaluate(
      async () => (await (window as unknown as HostWindow).embeds.c1.getPages()).length as number,
    );
    expect(pages).toBe(3);
    // exportData is answered by the emulator with the frame's current token: it works only if the
    // frame carries on with the token the provider returned (the original one has expired).
    const csv = await page.evaluate(async () => {
      const report = (window as unknown as HostWindow).embeds.c1;
      const visual = await (await report.getActivePage()).getVisualByName('totalAmountCard');
      return (await visual.exportData(0)).data as string;
    });
    expect(Number(csv.split('\r\n')[1])).toBeGreaterThan(0);
    const rendered = await mark(page);
    await page.evaluate(() => (window as unknown as HostWindow).embeds.c1.refresh());
    await waitEvent(page, 'c1', 'rendered', rendered);
    const errors = (
      await page.evaluate((from) => (window as unknown as HostWindow).log.slice(from), from)
    ).filter((e) => e.name === 'error');
    expect(errors).toEqual([]);
  });

  it('refuses a token it did not issue, a token for another report, and an unknown report id', async () => {
    let from = await mark(page);
    await embedIn(page, 'c1', 'embed', reportConfig('not-a-real-token'));
    expect(await waitEvent(page, 'c1', 'error', from)).toMatchObject({
      message: 'LoadReportFailed',
      errorCode: 'InvalidToken',
    });

    const datasetOnly = harness.emulator.mintToken({
      reports: [harness.emulator.sample.paginatedReportId],
    }).token;
    from = await mark(page);
    await embedIn(page, 'c2', 'embed', reportConfig(datasetOnly));
    expect(await waitEvent(page, 'c2', 'error', from)).toMatchObject({
      message: 'LoadReportFailed',
      errorCode: 'PowerBINotAuthorizedException',
    });

    const all = harness.emulator.mintToken().token;
    // A fresh embed, not a re-embed on c1: re-embedding reuses c1's component, whose load within
    // 100 ms of its previous one is dropped by the library's load throttle — on a fast machine no
    // load (and no error event) followed, and the wait below timed out.
    await page.evaluate(() =>
      (window as unknown as { svc: { reset(element: HTMLElement): void } }).svc.reset(
        document.getElementById('c1') as HTMLElement,
      ),
    );
    from = await mark(page);
    await embedIn(page, 'c1', 'embed', reportConfig(all, '00000000-0000-4000-8000-00000000dead'));
    expect(await waitEvent(page, 'c1', 'error', from)).toMatchObject({
      errorCode: 'PowerBIEntityNotFound',
    });
  });

  it('refuses an already expired token with TokenExpired and setAccessToken with a bad token with 400', async () => {
    const expired = harness.emulator.mintToken({ expiresInSeconds: -10 }).token;
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', reportConfig(expired));
    expect(await waitEvent(page, 'c1', 'error', from)).toMatchObject({ errorCode: 'TokenExpired' });
    const refused = await page.evaluate(() =>
      (window as unknown as HostWindow).embeds.c1.setAccessToken('garbage').then(
        () => 'resolved',
        (error: unknown) => error,
      ),
    );
    expect(refused).toMatchObject({ errorCode: 'InvalidToken' });
    // A valid token loads the report that could not load before.
    const recovered = await mark(page);
    await page.evaluate(
      (token) => (window as unknown as HostWindow).embeds.c1.setAccessToken(token),
      harness.emulator.mintToken().token,
    );
    await waitEvent(page, 'c1', 'loaded', recovered);
    await waitEvent(page, 'c1', 'rendered', recovered);
  });
});

/** Checks that the kind's content is drawn in #c1 and that it still reaches the emulator. */
async function expectWorking(kind: SessionKind): Promise<void> {
  switch (kind) {
    case 'qna': {
      await expect
        .poll(() => frame().locator('.cv-qna-result [data-rendered=true]').count())
        .toBe(1);
      const asked = await mark(page);
      await page.evaluate(() =>
        (window as unknown as HostWindow).embeds.c1.setQuestion('amount by category'),
      );
      expect(await waitEvent(page, 'c1', 'visualRendered', asked)).toMatchObject({
        question: 'amount by category',
      });
      return;
    }
    case 'quickCreate':
      await expect.poll(() => frame().locator('.cv-card-value').textContent()).toBe('8');
      return;
    case 'rdl': {
      await expect
        .poll(() => frame().locator('[data-page-count]').textContent())
        .toMatch(/^Page 1 of \d+$/);
      // Running the report again queries the emulator with the frame's token.
      const ran = await mark(page);
      await frame().getByRole('button', { name: 'View report' }).click();
      await waitEvent(page, 'c1', 'rendered', ran);
      return;
    }
  }
}

describe('token recovery on every embed kind', () => {
  it.each(['qna', 'quickCreate', 'rdl'] as const)(
    '%s: an expiring token posts TokenExpired and setAccessToken with a fresh one renders again',
    async (kind) => {
      const short = harness.emulator.mintToken({ expiresInSeconds: 3 }).token;
      const { method, config } = sessionEmbed(harness.emulator, kind, short);
      const from = await mark(page);
      await embedIn(page, 'c1', method, config);
      await waitEvent(page, 'c1', 'rendered', from);
      const expired = await waitEvent(page, 'c1', 'error', from, 15_000);
      expect(expired).toMatchObject({ message: 'TokenExpired', errorCode: 'TokenExpired' });

      const recovered = await mark(page);
      await page.evaluate(
        (token) => (window as unknown as HostWindow).embeds.c1.setAccessToken(token),
        harness.emulator.mintToken().token,
      );
      await waitEvent(page, 'c1', 'loaded', recovered);
      await waitEvent(page, 'c1', 'rendered', recovered);
      await expectWorking(kind);
      const errors = (await eventsSince(page, recovered)).filter((e) => e.name === 'error');
      expect(errors).toEqual([]);
    },
  );

  it('q&a: a load refused for an expired token completes after setAccessToken', async () => {
    const expired = harness.emulator.mintToken({ expiresInSeconds: -10 }).token;
    const { method, config } = sessionEmbed(harness.emulator, 'qna', expired);
    const from = await mark(page);
    await embedIn(page, 'c1', method, config);
    expect(await waitEvent(page, 'c1', 'error', from)).toMatchObject({ errorCode: 'TokenExpired' });
    expect(await frame().getByRole('search').count()).toBe(0);
    const recovered = await mark(page);
    await page.evaluate(
      (token) => (window as unknown as HostWindow).embeds.c1.setAccessToken(token),
      harness.emulator.mintToken().token,
    );
    await waitEvent(page, 'c1', 'rendered', recovered);
    await expectWorking('qna');
  });

  it('rdl: renews through the accessTokenProvider hook and keeps querying with the new token', async () => {
    const short = harness.emulator.mintToken({ expiresInSeconds: 2 }).token;
    await page.evaluate((token) => {
      (window as unknown as { nextToken: string }).nextToken = token;
    }, harness.emulator.mintToken().token);
    const { config } = sessionEmbed(harness.emulator, 'rdl', short);
    const from = await mark(page);
    await embedIn(page, 'c1', 'embed', { ...config, tokenType: 0 }, { tokenFromWindow: true });
    await waitEvent(page, 'c1', 'rendered', from);
    await expect
      .poll(
        () => page.evaluate(() => (window as unknown as { providerCalls: number }).providerCalls),
        { timeout: 10_000 },
      )
      .toBe(1);
    await expectWorking('rdl');
    const errors = (await eventsSince(page, from)).filter((e) => e.name === 'error');
    expect(errors).toEqual([]);
  });
});

describe('malformed bodies', () => {
  it('every kind refuses a load or create body that is not an object with the same 400', async () => {
    const quickCreate = sessionEmbed(
      harness.emulator,
      'quickCreate',
      harness.emulator.mintToken().token,
    ).config;
    const answers = await page.evaluate(
      async ({ url, quickCreate }) => {
        const w = window as unknown as HostWindow & {
          svc: { bootstrap(element: HTMLElement, config: object): { iframe: HTMLIFrameElement } };
        };
        // Bootstrapped frames (no token, so no load is sent) of every kind; the service only talks
        // to its own components' frames. Quick create has no bootstrap: it is created for real.
        const frames: Record<string, Promise<Window>> = {};
        const open = (
          key: string,
          make: (element: HTMLElement) => { iframe: HTMLIFrameElement },
        ) => {
          const element = document.createElement('div');
          element.style.cssText = 'width:300px;height:200px';
          document.body.append(element);
          const { iframe } = make(element);
          frames[key] = new Promise((resolve) =>
            iframe.addEventListener('load', () => resolve(iframe.contentWindow as Window), {
              once: true,
            }),
          );
        };
        const bootstraps: [string, string][] = [
          ['report', '/reportEmbed'],
          ['rdl', '/rdlEmbed'],
          ['dashboard', '/dashboardEmbed'],
          ['tile', '/embed'],
          ['qna', '/qnaEmbed'],
        ];
        for (const [kind, path] of bootstraps) {
          const type = kind === 'rdl' ? 'report' : kind;
          open(kind, (element) => w.svc.bootstrap(element, { type, embedUrl: url + path }));
        }
        open('quickCreate', (element) => w.svc.quickCreate(element, quickCreate));
        const targets: [string, string][] = [
          ['report', '/report/load'],
          ['report', '/report/create'],
          ['rdl', '/report/load'],
          ['dashboard', '/dashboard/load'],
          ['tile', '/tile/load'],
          ['qna', '/qna/load'],
          ['qna', '/qna/interpret'],
          ['quickCreate', '/quickcreate'],
        ];
        const results: Record<string, unknown> = {};
        for (const [kind, route] of targets) {
          const target = await (frames[kind] as Promise<Window>);
          for (const body of [[{ id: 'x' }], 'text']) {
            results[`${kind} ${route} ${Array.isArray(body) ? 'array' : 'string'}`] =
              await w.svc.hpm.post(route, body, {}, target).catch((error: unknown) => error);
          }
        }
        return results;
      },
      { url: harness.emulator.url, quickCreate },
    );
    expect(Object.keys(answers)).toHaveLength(16);
    for (const [where, answer] of Object.entries(answers)) {
      const subject = /\/report\/create|\/quickcreate/.test(where)
        ? 'The create configuration'
        : where.includes('/qna/interpret')
          ? 'The question request'
          : 'The load configuration';
      expect(answer, where).toMatchObject({
        statusCode: 400,
        body: {
          message: 'Invalid parameters',
          errorCode: 'Invalid parameters',
          detailedMessage: `${subject} must be an object`,
        },
      });
    }
  });
});
