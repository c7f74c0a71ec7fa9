import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryResult, RunningEmulator } from '../src/index.ts';
import { internal, start } from './support/harness.ts';

/**
 * Every filter type through the real /_emulator/query endpoint, checked against hand-written SQL
 * over the same DuckDB table.
 */
let emulator: RunningEmulator;
let frame: ReturnType<typeof internal>;
beforeAll(async () => {
  emulator = await start({ rows: 30_000 });
  frame = internal(emulator, emulator.mintToken().token);
});
afterAll(() => emulator.close());

const target = (column: string) => ({ table: 'Sales', column });
const amountByRegion = {
  groupBy: [target('Region')],
  measures: [{ ...target('Amount'), aggregation: 'sum' as const }],
};

async function query(filters: object[], extra: object = amountByRegion): Promise<QueryResult> {
  const response = await frame<QueryResult>(`/query?reportId=${emulator.sample.salesReportId}`, {
    body: { datasetId: emulator.sample.datasetId, ...extra, filters },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** Region → sum(Amount) from direct SQL with a WHERE clause. */
async function expected(where: string): Promise<(string | number | null)[][]> {
  const result = await emulator.context.database.query(
    `SELECT Region, sum(Amount) FROM Sales WHERE ${where} GROUP BY Region ORDER BY Region`,
  );
  return result.rows;
}

const basic = (column: string, operator: string, values: unknown[]) => ({
  $schema: 'http://powerbi.com/product/schema#basic',
  target: target(column),
  filterType: 1,
  operator,
  values,
  requireSingleSelection: false,
});
const advanced = (column: string, logicalOperator: string, conditions: object[]) => ({
  $schema: 'http://powerbi.com/product/schema#advanced',
  target: target(column),
  filterType: 0,
  logicalOperator,
  conditions,
});

describe('filters really filter', () => {
  it('summarizes without filters like plain SQL', async () => {
    const result = await query([]);
    expect(result.columns).toEqual([
      { name: 'Region', type: 'string' },
      { name: 'Sum of Amount', type: 'number' },
    ]);
    expect([...result.rows].sort()).toEqual([...(await expected('TRUE'))].sort());
  });

  it('basic In / NotIn / All', async () => {
    const inResult = await query([basic('Country', 'In', ['Germany', 'Japan'])]);
    expect([...inResult.rows].sort()).toEqual(await expected("Country IN ('Germany', 'Japan')"));
    const notIn = await query([basic('Category', 'NotIn', ['Bikes'])]);
    expect([...notIn.rows].sort()).toEqual(await expected("Category <> 'Bikes'"));
    const all = await query([basic('Category', 'All', [])]);
    expect([...all.rows].sort()).toEqual(await expected('TRUE'));
    const unknownMember = await query([basic('Region', 'NotIn', ['Atlantis'])]);
    expect([...unknownMember.rows].sort()).toEqual(await expected('TRUE'));
    const mixed = await query([basic('Region', 'In', ['Atlantis', 'Asia'])]);
    expect([...mixed.rows].sort()).toEqual(await expected("Region = 'Asia'"));
    const byNumber = await query([basic('Year', 'In', [2024])]);
    expect([...byNumber.rows].sort()).toEqual(await expected('Year = 2024'));
  });

  it('advanced conditions (text, blank, comparisons, And/Or)', async () => {
    const cases: [object, string][] = [
      [
        advanced('Customer', 'And', [{ operator: 'Contains', value: 'harbor' }]),
        "Customer ILIKE '%harbor%'",
      ],
      [
        advanced('Customer', 'And', [{ operator: 'DoesNotContain', value: 'Velo' }]),
        "Customer NOT ILIKE '%velo%'",
      ],
      [
        advanced('Product', 'And', [{ operator: 'StartsWith', value: 'bike' }]),
        "Product ILIKE 'bike%'",
      ],
      [
        advanced('Product', 'And', [{ operator: 'DoesNotStartWith', value: 'B' }]),
        "Product NOT ILIKE 'b%'",
      ],
      [
        advanced('Country', 'Or', [
          { operator: 'Is', value: 'Kenya' },
          { operator: 'Is', value: 'spain' },
        ]),
        "Country IN ('Kenya', 'Spain')",
      ],
      [
        advanced('Country', 'And', [{ operator: 'IsNot', value: 'United States' }]),
        "Country <> 'United States'",
      ],
      [
        advanced('Amount', 'And', [
          { operator: 'GreaterThan', value: 500 },
          { operator: 'LessThanOrEqual', value: 1500 },
        ]),
        'Amount > 500 AND Amount <= 1500',
      ],
      [
        advanced('Quantity', 'Or', [
          { operator: 'LessThan', value: 2 },
          { operator: 'GreaterThanOrEqual', value: 8 },
        ]),
        'Quantity < 2 OR Quantity >= 8',
      ],
      [
        advanced('OrderDate', 'And', [
          { operator: 'GreaterThanOrEqual', value: '2025-01-01T00:00:00.000Z' },
          { operator: 'LessThan', value: '2025-02-01T00:00:00' },
        ]),
        "OrderDate >= DATE '2025-01-01' AND OrderDate < DATE '2025-02-01'",
      ],
      [advanced('Customer', 'And', [{ operator: 'IsNotBlank' }]), 'Customer IS NOT NULL'],
      [
        advanced('Country', 'And', [{ operator: 'LessThan', value: 'G' }]),
        "CAST(Country AS VARCHAR) < 'G'",
      ],
    ];
    for (const [filter, where] of cases) {
      const result = await query([filter]);
      expect([...result.rows].sort(), where).toEqual(await expected(where));
    }
    const blank = await query([advanced('Customer', 'And', [{ operator: 'IsBlank' }])]);
    expect(blank.rows).toEqual([]);
  });

  it('Top N keeps the N best (or worst) members by the order-by measure, within the other filters', async () => {
    const topN = (operator: string, itemCount: number, orderBy: object) => ({
      $schema: 'http://powerbi.com/product/schema#topN',
      target: target('Country'),
      filterType: 5,
      operator,
      itemCount,
      orderBy,
    });
    const byCountry = {
      groupBy: [target('Country')],
      measures: [{ ...target('Amount'), aggregation: 'sum' }],
    };
    const top = await query(
      [topN('Top', 3, { table: 'Sales', measure: 'Total Amount' })],
      byCountry,
    );
    const direct = await emulator.context.database.query(
      'SELECT Country, sum(Amount) FROM Sales GROUP BY 1 ORDER BY 2 DESC LIMIT 3',
    );
    expect([...top.rows].sort()).toEqual([...direct.rows].sort());
    const bottom = await query(
      [
        basic('Region', 'In', ['Europe']),
        topN('Bottom', 2, { table: 'Sales', column: 'Quantity', aggregationFunction: 'Sum' }),
      ],
      byCountry,
    );
    const directBottom = await emulator.context.database.query(
      "SELECT Country, sum(Amount) FROM Sales WHERE Country IN (SELECT Country FROM Sales WHERE Region = 'Europe' GROUP BY 1 ORDER BY sum(Quantity) ASC LIMIT 2) GROUP BY 1",
    );
    expect([...bottom.rows].sort()).toEqual([...directBottom.rows].sort());
  });

  it('relative date counts from the fixed today (2025-06-30)', async () => {
    const relativeDate = (operator: number, count: number, unit: number, includeToday = true) => ({
      $schema: 'http://powerbi.com/product/schema#relativeDate',
      target: target('OrderDate'),
      filterType: 4,
      operator,
      timeUnitsCount: count,
      timeUnitType: unit,
      includeToday,
    });
    const lastMonths = await query([relativeDate(0, 3, 4)]);
    expect([...lastMonths.rows].sort()).toEqual(
      await expected("OrderDate BETWEEN DATE '2025-03-01' AND DATE '2025-05-31'"),
    );
    const lastDays = await query([relativeDate(0, 7, 0, false)]);
    expect([...lastDays.rows].sort()).toEqual(
      await expected("OrderDate BETWEEN DATE '2025-06-23' AND DATE '2025-06-29'"),
    );
    const thisYear = await query([relativeDate(1, 1, 6)]);
    expect([...thisYear.rows].sort()).toEqual(await expected('Year = 2025'));
    const next = await query([relativeDate(2, 1, 4)]);
    expect(next.rows).toEqual([]);
  });

  it('relative time counts from the fixed now (18:00 on today)', async () => {
    const relativeTime = (operator: number, count: number, unit: number) => ({
      $schema: 'http://powerbi.com/product/schema#relativeTime',
      target: target('OrderTimestamp'),
      filterType: 7,
      operator,
      timeUnitsCount: count,
      timeUnitType: unit,
    });
    const lastHours = await query([relativeTime(0, 3, 8)]);
    const where =
      "OrderTimestamp BETWEEN TIMESTAMP '2025-06-30 15:00:00' AND TIMESTAMP '2025-06-30 18:00:00'";
    expect([...lastHours.rows].sort()).toEqual(await expected(where));
    expect(lastHours.rows.length).toBeGreaterThan(0);
    const lastMinutes = await query([relativeTime(0, 45, 7)]);
    expect([...lastMinutes.rows].sort()).toEqual(
      await expected(
        "OrderTimestamp BETWEEN TIMESTAMP '2025-06-30 17:15:00' AND TIMESTAMP '2025-06-30 18:00:00'",
      ),
    );
  });

  it('combines several filters with AND', async () => {
    const result = await query([
      basic('Category', 'In', ['Bikes']),
      advanced('Quantity', 'And', [{ operator: 'GreaterThan', value: 1 }]),
    ]);
    expect([...result.rows].sort()).toEqual(await expected("Category = 'Bikes' AND Quantity > 1"));
  });

  it('treats filter values as data, never as SQL', async () => {
    const result = await query([basic('Region', 'In', ["Europe' OR '1'='1"])]);
    expect(result.rows).toEqual([]);
  });

  it('400s unsupported or malformed filters with a stable code', async () => {
    const bad = async (filters: unknown) => {
      const response = await frame(`/query?reportId=${emulator.sample.salesReportId}`, {
        body: { datasetId: emulator.sample.datasetId, ...amountByRegion, filters },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('BadRequest');
      return response.body.error.message as string;
    };
    expect(await bad([{ filterType: 6 }])).toMatch(/unsupported filter type/);
    expect(await bad([basic('Nope', 'In', ['x'])])).toMatch(/Unknown column/);
    expect(await bad([basic('Region', 'In', [])])).toMatch(/non-empty array/);
    expect(await bad([basic('Amount', 'In', ['abc'])])).toMatch(/must be a number/);
    expect(await bad([advanced('Region', 'Xor', [{ operator: 'Is', value: 'x' }])])).toMatch(
      /logicalOperator/,
    );
    expect(
      await bad([
        advanced('Amount', 'And', [
          { operator: 'GreaterThan', value: 1 },
          { operator: 'LessThan', value: 2 },
          { operator: 'Is', value: 3 },
        ]),
      ]),
    ).toMatch(/more than two conditions/);
    expect(
      await bad([advanced('OrderDate', 'And', [{ operator: 'GreaterThan', value: '2025-02-30' }])]),
    ).toMatch(/not a valid date/);
    expect(await bad('Region = Europe')).toMatch(/filters must be an array/);
  });
});
