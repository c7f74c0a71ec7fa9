import { describe, expect, it } from 'vitest';
import { interpretQuestion, salesModel } from '../src/index.ts';

const ask = (question: string) => interpretQuestion(salesModel, question);

describe('Q&A interpretation', () => {
  it('turns "total amount by region" into a bar chart', () => {
    const { visual, normalizedQuestion } = ask('total amount by region');
    expect(visual.type).toBe('clusteredBarChart');
    expect(visual.query).toEqual({
      groupBy: [{ table: 'Sales', column: 'Region' }],
      measures: [{ table: 'Sales', column: 'Amount', aggregation: 'sum', alias: 'Sum of Amount' }],
      orderBy: [
        {
          ref: { table: 'Sales', column: 'Amount', aggregation: 'sum', alias: 'Sum of Amount' },
          direction: 'desc',
        },
      ],
    });
    expect(normalizedQuestion).toBe('Sum of Amount by Region');
  });

  it('understands aggregations, synonyms, time axes and visual overrides', () => {
    expect(ask('What is the average unit price per category as pie?').visual).toMatchObject({
      type: 'pieChart',
      query: {
        measures: [{ column: 'UnitPrice', aggregation: 'avg' }],
        groupBy: [{ column: 'Category' }],
      },
    });
    const byMonth = ask('show me revenue by month');
    expect(byMonth.visual.type).toBe('lineChart');
    expect(byMonth.visual.query.orderBy).toEqual([
      { ref: { table: 'Sales', column: 'Month' }, direction: 'asc' },
    ]);
    expect(ask('number of orders by channel').visual.query.measures).toEqual([
      { table: 'Sales', column: 'OrderId', aggregation: 'count', alias: 'Count of rows' },
    ]);
    expect(ask('how many distinct customers').visual).toMatchObject({
      type: 'card',
      query: { measures: [{ column: 'Customer', aggregation: 'distinctCount' }] },
    });
    expect(ask('max quantity by country and category').visual).toMatchObject({
      type: 'pivotTable',
      query: {
        groupBy: [{ column: 'Country' }],
        columns: [{ column: 'Category' }],
        measures: [{ aggregation: 'max' }],
      },
    });
  });

  it('handles top/bottom N', () => {
    const top = ask('top 5 customers by profit');
    expect(top.visual.query).toMatchObject({
      groupBy: [{ column: 'Customer' }],
      measures: [{ column: 'Profit', aggregation: 'sum' }],
      limit: 5,
      orderBy: [{ direction: 'desc' }],
    });
    expect(top.normalizedQuestion).toBe('Top 5 Sum of Profit by Customer');
    expect(ask('bottom 3 amount by country').visual.query).toMatchObject({
      limit: 3,
      orderBy: [{ direction: 'asc' }],
    });
  });

  it('explains what it did not understand', () => {
    expect(() => ask('total happiness by region')).toThrow(/"happiness" is not a known field/);
    expect(() => ask('total amount by planet')).toThrow(/"planet" is not a known field/);
    expect(() => ask('average region')).toThrow(/not numeric/);
    expect(() => ask('total amount as hologram')).toThrow(/unknown visual "hologram"/);
    expect(() => ask('   ')).toThrow(/non-empty string/);
    expect(() => interpretQuestion(salesModel, 42)).toThrow(/non-empty string/);
  });
});
