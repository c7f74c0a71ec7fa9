import { describe, expect, it } from 'vitest';
import { AnalyticsDatabase } from '../src/data/database.ts';
import { countries, products, regions } from '../src/index.ts';

const summary = `SELECT count(*) AS n, sum(Amount) AS amount, sum(Quantity) AS quantity,
  count(DISTINCT Customer) AS customers, min(OrderDate) AS first, max(OrderDate) AS last FROM Sales`;

describe('deterministic sample data', () => {
  it('gives the same aggregates for the same seed and different ones for another seed', async () => {
    const a = await AnalyticsDatabase.create({ rows: 50_000, seed: 7, today: '2025-06-30' });
    const b = await AnalyticsDatabase.create({ rows: 50_000, seed: 7, today: '2025-06-30' });
    const c = await AnalyticsDatabase.create({ rows: 50_000, seed: 8, today: '2025-06-30' });
    try {
      const [ra, rb, rc] = await Promise.all([
        a.query(summary),
        b.query(summary),
        c.query(summary),
      ]);
      expect(ra).toEqual(rb);
      expect(ra.rows[0]?.[0]).toBe(50_000);
      expect(rc.rows[0]?.[1]).not.toBe(ra.rows[0]?.[1]);
      const byRegion = 'SELECT Region, sum(Amount), count(*) FROM Sales GROUP BY 1 ORDER BY 1';
      expect(await a.query(byRegion)).toEqual(await b.query(byRegion));
      const row = 'SELECT * FROM Sales WHERE OrderId = 12345';
      expect(await a.query(row)).toEqual(await b.query(row));
    } finally {
      a.close();
      b.close();
      c.close();
    }
  });

  it('stays within the sample dimensions and up to "today"', async () => {
    const db = await AnalyticsDatabase.create({ rows: 20_000, seed: 42, today: '2024-03-15' });
    try {
      const result = await db.query(summary);
      expect(result.rows[0]?.[5]).toBe('2024-03-15');
      expect(String(result.rows[0]?.[4]) >= '2022-01-01').toBe(true);
      const values = async (column: string) =>
        (await db.query(`SELECT DISTINCT ${column} FROM Sales ORDER BY 1`)).rows.map(
          (row) => row[0],
        );
      expect(await values('Region')).toEqual([...regions].sort());
      expect((await values('Country')).every((c) => countries.some(([name]) => name === c))).toBe(
        true,
      );
      expect((await values('Product')).every((p) => products.some(([name]) => name === p))).toBe(
        true,
      );
      const amounts = await db.query(
        'SELECT count(*) FROM Sales WHERE Amount <> round(Quantity * UnitPrice, 2) OR Profit <> Amount - Cost OR Quantity < 1',
      );
      expect(amounts.rows[0]?.[0]).toBe(0);
      const late = await db.query(
        "SELECT count(*) FROM Sales WHERE OrderTimestamp > TIMESTAMP '2024-03-15 18:00:00'",
      );
      expect(late.rows[0]?.[0]).toBe(0);
    } finally {
      db.close();
    }
  });

  it('types result columns: numbers as numbers, dates as ISO strings', async () => {
    const db = await AnalyticsDatabase.create({ rows: 10, seed: 1, today: '2025-06-30' });
    try {
      const result = await db.query(
        'SELECT OrderDate, OrderTimestamp, Amount, count(*) OVER () AS n, Region FROM Sales LIMIT 1',
      );
      expect(result.columns.map((c) => c.type)).toEqual([
        'date',
        'date',
        'number',
        'number',
        'string',
      ]);
      const [date, timestamp, amount, n] = result.rows[0] ?? [];
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      expect(typeof amount).toBe('number');
      expect(n).toBe(10);
    } finally {
      db.close();
    }
  });
  it('spreads orders over every month of the period, with streams independent of each other', async () => {
    // A full last month ("today" at a month end) so every month can be compared with the average.
    const options = { rows: 60_000, seed: 42, today: '2025-06-30' };
    const a = await AnalyticsDatabase.create(options);
    const b = await AnalyticsDatabase.create(options);
    try {
      const byMonth = `SELECT Month::VARCHAR AS month, count(*) AS orders, sum(Amount)::DOUBLE AS amount,
        avg(Amount)::DOUBLE AS average, count(DISTINCT Product) AS products
        FROM Sales GROUP BY 1 ORDER BY 1`;
      const months = (await a.query(byMonth)).rows.map(
        ([month, orders, amount, average, products]) => ({
          month: String(month),
          orders: Number(orders),
          amount: Number(amount),
          average: Number(average),
          products: Number(products),
        }),
      );
      // Same seed → the same aggregates, month by month.
      expect(await b.query(byMonth)).toEqual(await a.query(byMonth));

      // Every calendar month from the first to the last order date is present…
      const span = await a.query(
        "SELECT strftime(min(OrderDate), '%Y-%m'), strftime(max(OrderDate), '%Y-%m') FROM Sales",
      );
      const [first, last] = (span.rows[0] ?? []).map(String);
      expect(first).toBe('2023-01');
      expect(last).toBe('2025-06');
      // 2023-01 … 2025-06: 30 calendar months.
      const expected = Array.from({ length: 30 }, (_, i) =>
        new Date(Date.UTC(2023, i, 1)).toISOString().slice(0, 7),
      );
      expect(months.map((row) => row.month)).toEqual(expected);

      // …and none is near zero: each has at least 40 % of the average month's amount and orders.
      const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
      const averageAmount = mean(months.map((row) => row.amount));
      const averageOrders = mean(months.map((row) => row.orders));
      for (const row of months) {
        expect(row.amount, row.month).toBeGreaterThan(0.4 * averageAmount);
        expect(row.orders, row.month).toBeGreaterThan(0.4 * averageOrders);
        // The product mix does not depend on the date: every product sells every month…
        expect(row.products, row.month).toBe(products.length);
      }
      // …so the average order value is about the same in every month (it was 50× apart when the
      // date and product streams were correlated).
      const averages = months.map((row) => row.average);
      expect(Math.max(...averages) / Math.min(...averages)).toBeLessThan(1.5);
    } finally {
      a.close();
      b.close();
    }
  });
});
