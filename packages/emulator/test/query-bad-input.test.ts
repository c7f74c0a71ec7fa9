import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { internal, start } from './support/harness.ts';

/**
 * Hostile or careless query bodies sent to /_emulator/query: each one once reached a 500 (a JS
 * TypeError, a driver bind error or an engine binder error). They must be a 400 naming the field,
 * or — where the input is legal — a correct answer.
 */
let emulator: RunningEmulator;
let frame: ReturnType<typeof internal>;
beforeAll(async () => {
  emulator = await start();
  frame = internal(emulator, emulator.mintToken().token);
});
afterAll(() => emulator.close());

const col = (column: string) => ({ table: 'Sales', column });
const byRegion = { groupBy: [col('Region')] };
const regions = ['Africa', 'Americas', 'Asia', 'Europe', 'Oceania'];

const query = (body: object) =>
  frame(`/query?reportId=${emulator.sample.salesReportId}`, {
    body: { datasetId: emulator.sample.datasetId, ...byRegion, ...body },
  });

async function expectBadRequest(body: object, target: string, message: RegExp): Promise<void> {
  const response = await query(body);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  const error = response.body.error;
  expect(error.code).toBe('BadRequest');
  expect(error.message).toMatch(message);
  expect(error.details[0].target).toBe(target);
}

const topN = (itemCount: number, orderBy: object) => ({
  filterType: 5,
  target: col('Region'),
  operator: 'Top',
  itemCount,
  orderBy,
});

describe('/_emulator/query refuses bad input with a 400', () => {
  it('takes only own aggregation names, not Object.prototype keys', async () => {
    for (const aggregation of ['toString', 'constructor', '__proto__']) {
      await expectBadRequest(
        { measures: [{ ...col('Amount'), aggregation }] },
        'measures[0]',
        /aggregation must be one of/,
      );
    }
    await expectBadRequest(
      { filters: [topN(3, { ...col('Amount'), aggregationFunction: 'constructor' })] },
      'filters[0].orderBy',
      /aggregationFunction must be one of/,
    );
  });

  it('refuses a measure alias that is not a string', async () => {
    for (const alias of [123, { a: 1 }]) {
      await expectBadRequest(
        { measures: [{ ...col('Amount'), aggregation: 'sum', alias }] },
        'measures[0].alias',
        /alias must be a string/,
      );
    }
  });

  it('refuses summing a text column as a Top N order-by', async () => {
    await expectBadRequest(
      { filters: [topN(3, { ...col('Region'), aggregationFunction: 'Sum' })] },
      'filters[0].orderBy',
      /needs a numeric column; "Region"/,
    );
    // Counting text is fine.
    const counted = await query({
      filters: [topN(2, { ...col('Country'), aggregationFunction: 'Count' })],
    });
    expect(counted.status).toBe(200);
    expect(counted.body.rows).toHaveLength(2);
  });

  it('refuses a relative date window beyond year 9999', async () => {
    await expectBadRequest(
      {
        filters: [
          {
            filterType: 4,
            target: col('OrderDate'),
            operator: 0,
            timeUnitsCount: 1e12,
            timeUnitType: 0,
          },
        ],
      },
      'timeUnitsCount',
      /beyond the supported dates/,
    );
    await expectBadRequest(
      {
        filters: [
          {
            filterType: 7,
            target: col('OrderTimestamp'),
            operator: 2,
            timeUnitsCount: 1e15,
            timeUnitType: 8,
          },
        ],
      },
      'timeUnitsCount',
      /beyond the supported dates/,
    );
  });

  it('refuses an unknown $schema suffix even when it is an Object.prototype key', async () => {
    await expectBadRequest(
      {
        filters: [
          { $schema: 'http://powerbi.com/product/schema#constructor', target: col('Region') },
        ],
      },
      'filters[0]',
      /unsupported filter type/,
    );
  });

  it('caps the number of filters', async () => {
    const filter = topN(3, col('Amount'));
    await expectBadRequest(
      { filters: Array.from({ length: 101 }, () => filter) },
      'filters',
      /at most 100 filters/,
    );
    // 100 Top N filters (each a sub-query) still run.
    const response = await query({ filters: Array.from({ length: 100 }, () => filter) });
    expect(response.status).toBe(200);
    expect(response.body.rows).toHaveLength(3);
  });
});

describe('/_emulator/query answers huge numbers instead of failing to bind them', () => {
  it('compares with 1e308 (an integer to JS, beyond int64)', async () => {
    const basic = await query({
      filters: [{ filterType: 1, target: col('Amount'), operator: 'In', values: [1e308, -1e308] }],
    });
    expect(basic.status, JSON.stringify(basic.body)).toBe(200);
    expect(basic.body.rows).toEqual([]);
    const below = await query({
      filters: [
        {
          filterType: 0,
          target: col('Quantity'),
          logicalOperator: 'And',
          conditions: [{ operator: 'LessThan', value: 1e308 }],
        },
      ],
    });
    expect(below.status, JSON.stringify(below.body)).toBe(200);
    expect(below.body.rows).toEqual(regions.map((region) => [region]));
  });

  it('treats a Top N count beyond int64 as "every value"', async () => {
    const response = await query({ filters: [topN(1e300, col('Amount'))] });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.rows).toEqual(regions.map((region) => [region]));
  });
});

describe('/_emulator/reports (saveAs) checks groupId', () => {
  it('refuses a groupId that is not a string instead of ignoring it', async () => {
    const response = await frame('/reports', {
      body: { name: 'Copy', datasetId: emulator.sample.datasetId, groupId: 5 },
    });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'BadRequest',
      details: [{ target: 'groupId' }],
    });
  });
});
