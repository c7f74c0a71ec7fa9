import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { resolveConfig } from '../src/config.ts';
import { AnalyticsDatabase } from '../src/data/database.ts';
import { queryLimits } from '../src/query/query-limits.ts';
import { QueryRateLimiter, QueryRateLimitError } from '../src/routing/query-rate-limiter.ts';
import { isQueryRoute } from '../src/routing/define-route.ts';
import { declaredRoutes } from './support/declared-routes.ts';
import { call, internal, start } from './support/harness.ts';

/**
 * The service's query limits and the emulator's own shape caps. Each over-limit request is answered
 * with the documented error instead of running (the costs they once had are in bench/).
 */
let emulator: RunningEmulator;
let frame: ReturnType<typeof internal>;
beforeAll(async () => {
  emulator = await start({ rows: 20_000 });
  frame = internal(emulator, emulator.mintToken().token);
});
afterAll(() => emulator.close());

const col = (column: string) => ({ table: 'Sales', column });
const sum = (column: string) => ({ ...col(column), aggregation: 'sum' });
const query = (body: object) =>
  frame('/query', { body: { datasetId: emulator.sample.datasetId, ...body } });

async function expectRefusal(body: object, target: string, message: RegExp): Promise<void> {
  const response = await query(body);
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(400);
  expect(response.body.error.code).toBe('BadRequest');
  expect(response.body.error.message).toMatch(message);
  expect(response.body.error.details[0].target).toBe(target);
}

describe('query shape caps', () => {
  it('refuses more group-by columns and measures than 100 together', async () => {
    const measures = Array.from({ length: 2000 }, () => sum('Amount'));
    await expectRefusal({ measures }, 'measures', /at most 100/);
    await expectRefusal(
      { groupBy: [col('OrderId')], measures: Array.from({ length: 5000 }, () => sum('Amount')) },
      'measures',
      /at most 100/,
    );
    await expectRefusal(
      { groupBy: [col('Region')], measures: Array.from({ length: 100 }, () => sum('Amount')) },
      'measures',
      /at most 100 group-by columns, columns and measures together; this one uses 101/,
    );
  });

  it('refuses In / NotIn lists longer than 10,000 values, and answers long lists within it', async () => {
    const names = (n: number) => Array.from({ length: n }, (_, i) => `Nobody ${i}`);
    const notIn = (values: unknown[]) => ({
      groupBy: [col('Region')],
      measures: [sum('Amount')],
      filters: [{ filterType: 1, target: col('Customer'), operator: 'NotIn', values }],
    });
    await expectRefusal(notIn(names(20_000)), 'filters[0].values', /at most 10000 values/);
    const all = await query({ groupBy: [col('Region')], measures: [sum('Amount')] });
    const long = await query(notIn(names(queryLimits.maxFilterValues)));
    expect(long.status).toBe(200);
    // No listed customer exists, so NotIn keeps every row.
    expect(long.body.rows).toEqual(all.body.rows);
    // A long In list over a number column binds as one list and still matches exactly.
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    const inIds = await query({
      measures: [{ ...col('OrderId'), aggregation: 'count' }],
      filters: [{ filterType: 1, target: col('OrderId'), operator: 'In', values: ids }],
    });
    expect(inIds.body.rows).toEqual([[5000]]);
    await expectRefusal(
      {
        measures: [sum('Amount')],
        filters: [
          {
            filterType: 1,
            target: col('OrderId'),
            operator: 'In',
            values: [...ids.slice(0, 40), 'x'],
          },
        ],
      },
      'filters[0].values[40]',
      /must be a number/,
    );
  });
});

describe('result caps', () => {
  it('cuts a result at 1,000,000 values and says so in the service wording', async () => {
    const measures = Array.from({ length: 98 }, () => sum('Amount'));
    const response = await query({ groupBy: [col('OrderId')], measures });
    expect(response.status).toBe(200);
    const cap = Math.floor(queryLimits.maxValues / 99);
    expect(response.body.rows).toHaveLength(cap);
    expect(response.body.truncated).toBe(`More than ${cap} rows in a query result`);
  });

  it('cuts a summarized result at its row cap, but not a result the caller limited', async () => {
    const full = await query({ groupBy: [col('OrderId')], measures: [sum('Amount')] });
    expect(full.body.rows).toHaveLength(20_000);
    expect(full.body.truncated).toBeUndefined();
    const limited = await query({
      groupBy: [col('OrderId')],
      measures: [sum('Amount')],
      limit: 10,
    });
    expect(limited.body.rows).toHaveLength(10);
    expect(limited.body.truncated).toBeUndefined();
  });

  it('stops writing rows at 15 MB, and stops a query over its time or the engine memory', async () => {
    const database = await AnalyticsDatabase.create(
      { rows: 10, seed: 1, today: '2025-06-30' },
      { memoryMb: 64, threads: 1 },
    );
    try {
      const big = await database.query(
        "SELECT repeat('x', 200) AS s, i FROM range(150000) t(i)",
        [],
        {
          maxBytes: queryLimits.maxResponseBytes,
        },
      );
      expect(big.truncated).toMatch(/^More than \d+ rows in a query result$/);
      const size = JSON.stringify(big.rows).length;
      expect(size).toBeGreaterThanOrEqual(queryLimits.maxResponseBytes);
      expect(size).toBeLessThan(queryLimits.maxResponseBytes + 300);
      await expect(
        database.query('SELECT count(*) FROM range(100000000000) a', [], { timeoutMs: 100 }),
      ).rejects.toMatchObject({
        code: 'DatasetExecuteQueriesError',
        status: 400,
        message: /longer than 100 ms/,
      });
      await expect(
        database.query('SELECT list(i) FROM range(100000000) t(i)', []),
      ).rejects.toMatchObject({ code: 'DatasetExecuteQueriesError', message: /more memory/ });
      // The pool is still usable after a stopped query.
      expect((await database.query('SELECT 1 AS one')).rows).toEqual([[1]]);
    } finally {
      database.close();
    }
  });
});

describe('per-user query rate limit', () => {
  it('answers 429 with Retry-After past the quota, per user, and recovers with time', async () => {
    let now = Date.now();
    const limited = await start({ rows: 1000, queriesPerMinute: 5, now: () => now });
    try {
      const as = (token: string) => (path: string) =>
        internal(limited, token)(path, {
          body: { datasetId: limited.sample.datasetId, measures: [sum('Amount')] },
        });
      const first = as(limited.mintToken().token);
      for (let i = 0; i < 5; i += 1) expect((await first('/query')).status).toBe(200);
      const refused = await first('/query');
      expect(refused.status).toBe(429);
      expect(refused.body.error.code).toBe('TooManyRequests');
      expect(refused.body.error.message).toMatch(/More than 5 queries in a minute/);
      expect(refused.headers.get('retry-after')).toBe('12');
      now += 12_000;
      expect((await first('/query')).status).toBe(200);
      expect((await first('/query')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('counts the routes that run queries: visual queries and tile data', async () => {
    const limited = (await declaredRoutes())
      .filter((route) => isQueryRoute(route.options.config))
      .map(({ method, url }) => `${method} ${url}`);
    expect(limited.sort()).toEqual([
      'GET /_emulator/dashboards/:dashboardId/tiles/:tileId/data',
      'POST /_emulator/query',
    ]);
  });
});

describe('engine limits', () => {
  it('sizes the engine memory to the data unless set, and defaults to 120 queries a minute', () => {
    expect(resolveConfig().engineMemoryMb).toBe(544);
    expect(resolveConfig({ rows: 4_000_000 }).engineMemoryMb).toBe(1024);
    expect(resolveConfig({ rows: 4_000_000, engineMemoryMb: 256 }).engineMemoryMb).toBe(256);
    expect(resolveConfig().queriesPerMinute).toBe(120);
    expect(resolveConfig().engineThreads).toBe(2);
    expect(() => resolveConfig({ queryTimeoutMs: 0 })).toThrow(/queryTimeoutMs must be an integer/);
  });
});

describe('QueryRateLimiter', () => {
  it('keeps one quota per user, refilled continuously', () => {
    let now = 0;
    const limiter = new QueryRateLimiter(120, () => now);
    for (let i = 0; i < 120; i += 1) limiter.take('user:a');
    expect(() => limiter.take('user:a')).toThrow(QueryRateLimitError);
    limiter.take('user:b');
    now += 500; // two per second come back
    limiter.take('user:a');
    expect(() => limiter.take('user:a')).toThrow(/retry after 1 s/);
  });
});

describe('request bodies', () => {
  it('refuses bodies over the route cap with 413 in each area shape', async () => {
    const huge = {
      datasetId: emulator.sample.datasetId,
      applicationContext: 'x'.repeat(1_100_000),
    };
    const query = await frame('/query', { body: huge });
    expect(query.status).toBe(413);
    expect(query.body.error.code).toBe('RequestEntityTooLarge');
    const restCall = await call(`${emulator.apiUrl}/groups`, {
      token: emulator.appToken(),
      body: { name: 'x'.repeat(200_000) },
    });
    expect(restCall.status).toBe(413);
    expect(restCall.body.error.code).toBe('RequestEntityTooLarge');
  });

  it('stores persistent filters only in the shape the frame saves', async () => {
    const path = `/reports/${emulator.sample.salesReportId}/userState`;
    const put = (state: unknown) => frame(path, { method: 'PUT', body: { state } });
    for (const [state, target] of [
      [{ reportFilters: 'x' }, 'state.reportFilters'],
      [{ pageFilters: { ReportSection1: {} } }, 'state.pageFilters.ReportSection1'],
      [{ slicers: { a: [] } }, 'state.slicers.a'],
      [{ somethingElse: 1 }, 'state.somethingElse'],
    ] as const) {
      const response = await put(state);
      expect(response.status).toBe(400);
      expect(response.body.error.details[0].target).toBe(target);
    }
    expect((await frame(path)).body).toEqual({ state: null });
    expect((await put({ activePage: 'ReportSection1', reportFilters: [] })).status).toBe(204);
  });

  it('stores bookmarks only with a name and filters that compile', async () => {
    const path = `/reports/${emulator.sample.salesReportId}`;
    const { token } = emulator.mintToken({
      reports: [{ id: emulator.sample.salesReportId, allowEdit: true }],
    });
    const editor = internal(emulator, token);
    const before = (await editor(path)).body;
    const save = (bookmarks: unknown) =>
      editor(path, { method: 'PUT', body: { ...before, bookmarks } });
    const nameless = await save([{ displayName: 'No name' }]);
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.details[0].target).toBe('bookmarks.0.name');
    const broken = await save([
      {
        name: 'b',
        displayName: 'Broken',
        filters: [{ filterType: 1, target: col('Nope'), operator: 'In', values: ['x'] }],
      },
    ]);
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toMatch(/definition\.bookmarks\[0\]\.filters/);
    expect((await editor(path)).body).toEqual(before);
  });

  it('refuses a 5,000-deep value before storing it, and reading survives a deep stored value', async () => {
    const path = `/reports/${emulator.sample.salesReportId}`;
    const { token } = emulator.mintToken({
      reports: [{ id: emulator.sample.salesReportId, allowEdit: true }],
    });
    const editor = internal(emulator, token);
    const before = await editor(path);
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const body = JSON.stringify({
      ...before.body,
      pages: before.body.pages,
      extra: '__deep__',
    }).replace('"__deep__"', deep);
    const put = await editor(path, { method: 'PUT', rawBody: body });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toMatch(/nested deeper than 32 levels/);
    expect((await editor(path)).body).toEqual(before.body);
    // A value stored by other means (the test kit writes to the catalogue) is served, pruned.
    const record = emulator.state.reports.get(emulator.sample.salesReportId);
    if (!record) throw new Error('sample report missing');
    let nested: unknown = [];
    for (let i = 0; i < 5000; i += 1) nested = [nested];
    Object.assign(record.definition.pages[0] ?? {}, { extra: nested });
    const read = await editor(path);
    expect(read.status).toBe(200);
    expect(read.body.pages[0].displayName).toBe('Overview');
  });
});
