import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  embedIn,
  mark,
  openHostPage,
  openHostSession,
  waitEvent,
  type Harness,
  type HostWindow,
} from './support/harness.ts';

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
    expect(pages).toBe(2);
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
