/** Filter builders (docs/embed-core/api-reference.md#filter-builders): targets, fluent setters, powerbi-models instances and JSON. */
import { describe, expect, it } from 'vitest';
import {
  AdvancedFilterBuilder,
  BasicFilterBuilder,
  models,
  RelativeDateFilterBuilder,
  RelativeTimeFilterBuilder,
  TopNFilterBuilder,
} from '../src/index.ts';
import * as entry from '../src/index.ts';

const SCHEMA = 'http://powerbi.com/product/schema';

type Targeted = {
  withTargetObject(t: models.IFilterTarget): unknown;
  withColumnTarget(t: string, c: string): unknown;
  withMeasureTarget(t: string, m: string): unknown;
  withHierarchyLevelTarget(t: string, h: string, l: string): unknown;
  withColumnAggregation(t: string, c: string, a: string): unknown;
  withHierarchyLevelAggregationTarget(t: string, h: string, l: string, a: string): unknown;
};

/** Each target setter with the target it must produce. */
const targets: [string, (b: Targeted) => unknown, models.IFilterTarget][] = [
  [
    'withTargetObject',
    (b) => b.withTargetObject({ table: 'T', column: 'C' }),
    { table: 'T', column: 'C' },
  ],
  ['withColumnTarget', (b) => b.withColumnTarget('T', 'C'), { table: 'T', column: 'C' }],
  ['withMeasureTarget', (b) => b.withMeasureTarget('T', 'M'), { table: 'T', measure: 'M' }],
  [
    'withHierarchyLevelTarget',
    (b) => b.withHierarchyLevelTarget('T', 'H', 'L'),
    { table: 'T', hierarchy: 'H', hierarchyLevel: 'L' },
  ],
  [
    'withColumnAggregation',
    (b) => b.withColumnAggregation('T', 'C', 'Sum'),
    { table: 'T', column: 'C', aggregationFunction: 'Sum' },
  ],
  [
    'withHierarchyLevelAggregationTarget',
    (b) => b.withHierarchyLevelAggregationTarget('T', 'H', 'L', 'Max'),
    {
      table: 'T',
      hierarchy: 'H',
      hierarchyLevel: 'L',
      aggregationFunction: 'Max',
    },
  ],
];

describe('filter builders', () => {
  it('are exported (the base FilterBuilder is not)', () => {
    expect(Object.keys(entry)).not.toContain('FilterBuilder');
    expect(typeof BasicFilterBuilder).toBe('function');
  });

  describe.each(targets)('%s', (_name, setTarget, target) => {
    it('sets the target and returns the builder', () => {
      const builder = new BasicFilterBuilder();
      expect(setTarget(builder)).toBe(builder);
      expect(builder.target).toStrictEqual(target);
    });

    it('BasicFilterBuilder builds the same BasicFilter as the model constructor', () => {
      const builder = new BasicFilterBuilder();
      setTarget(builder);
      const built = builder.in([1, 2, 3]).requireSingleSelection(true).build();
      const expected = new models.BasicFilter(target, 'In', [1, 2, 3]);
      expected.requireSingleSelection = true;
      expect(built).toBeInstanceOf(models.BasicFilter);
      expect(built).toStrictEqual(expected);
    });

    it('AdvancedFilterBuilder builds the same AdvancedFilter as the model constructor', () => {
      const builder = new AdvancedFilterBuilder();
      setTarget(builder);
      const built = builder
        .or()
        .addCondition('GreaterThan', 10)
        .addCondition('LessThan', 20)
        .build();
      const expected = new models.AdvancedFilter(
        target,
        'Or',
        { operator: 'GreaterThan', value: 10 },
        { operator: 'LessThan', value: 20 },
      );
      expect(built).toBeInstanceOf(models.AdvancedFilter);
      expect(built).toStrictEqual(expected);
    });

    it('TopNFilterBuilder builds the same TopNFilter as the model constructor', () => {
      const builder = new TopNFilterBuilder();
      setTarget(builder);
      const orderBy = { table: 'T', measure: 'Revenue' };
      const built = builder.top(5).orderByTarget(orderBy).build();
      expect(built).toBeInstanceOf(models.TopNFilter);
      expect(built).toStrictEqual(new models.TopNFilter(target, 'Top', 5, orderBy));
    });

    it('RelativeDateFilterBuilder builds the same RelativeDateFilter as the model constructor', () => {
      const builder = new RelativeDateFilterBuilder();
      setTarget(builder);
      const built = builder
        .inLast(3, models.RelativeDateFilterTimeUnit.Weeks)
        .includeToday(false)
        .build();
      expect(built).toBeInstanceOf(models.RelativeDateFilter);
      expect(built).toStrictEqual(
        new models.RelativeDateFilter(
          target,
          models.RelativeDateOperators.InLast,
          3,
          models.RelativeDateFilterTimeUnit.Weeks,
          false,
        ),
      );
    });

    it('RelativeTimeFilterBuilder builds the same RelativeTimeFilter as the model constructor', () => {
      const builder = new RelativeTimeFilterBuilder();
      setTarget(builder);
      const built = builder.inNext(2, models.RelativeDateFilterTimeUnit.Hours).build();
      expect(built).toBeInstanceOf(models.RelativeTimeFilter);
      expect(built).toStrictEqual(
        new models.RelativeTimeFilter(
          target,
          models.RelativeDateOperators.InNext,
          2,
          models.RelativeDateFilterTimeUnit.Hours,
        ),
      );
    });
  });

  describe('BasicFilterBuilder', () => {
    const column = { table: 'Store', column: 'Chain' };

    it('serialises to the basic filter JSON with requireSingleSelection false by default', () => {
      const filter = new BasicFilterBuilder().withTargetObject(column).in(['A', 'B']).build();
      expect(filter.toJSON()).toStrictEqual({
        $schema: `${SCHEMA}#basic`,
        target: column,
        filterType: models.FilterType.Basic,
        operator: 'In',
        values: ['A', 'B'],
        requireSingleSelection: false,
      });
    });

    it('notIn and all set their operator and values; requireSingleSelection() means false', () => {
      const notIn = new BasicFilterBuilder()
        .withTargetObject(column)
        .notIn([true])
        .requireSingleSelection(true)
        .requireSingleSelection()
        .build();
      expect(notIn.operator).toBe('NotIn');
      expect(notIn.values).toEqual([true]);
      expect(notIn.requireSingleSelection).toBe(false);
      const all = new BasicFilterBuilder().withTargetObject(column).in([1]).all().build();
      expect(all.operator).toBe('All');
      expect(all.values).toEqual([]);
    });

    it('builds even without an operator (the values check never fires from the builder)', () => {
      const filter = new BasicFilterBuilder().withTargetObject(column).build();
      expect(filter).toBeInstanceOf(models.BasicFilter);
      expect(filter.operator).toBeUndefined();
    });

    it('sends its own fields (schemaUrl, not $schema) over postMessage', () => {
      const filter = new BasicFilterBuilder().withTargetObject(column).in([1]).build();
      const cloned = structuredClone(filter) as unknown as Record<string, unknown>;
      expect(cloned.schemaUrl).toBe(`${SCHEMA}#basic`);
      expect('$schema' in cloned).toBe(false);
    });
  });

  describe('AdvancedFilterBuilder', () => {
    const column = { table: 'Store', column: 'Name' };

    it('serialises to the advanced filter JSON; a condition may omit its value', () => {
      const filter = new AdvancedFilterBuilder()
        .withTargetObject(column)
        .and()
        .addCondition('IsNotBlank')
        .build();
      expect(filter.toJSON()).toStrictEqual({
        $schema: `${SCHEMA}#advanced`,
        target: column,
        filterType: models.FilterType.Advanced,
        logicalOperator: 'And',
        conditions: [{ operator: 'IsNotBlank', value: undefined }],
      });
    });

    it('surfaces the model constructor errors from build()', () => {
      const none = new AdvancedFilterBuilder().withTargetObject(column).addCondition('Is', 1);
      expect(() => none.build()).toThrow(
        'logicalOperator must be a valid operator, You passed: undefined',
      );
      const orWithOne = new AdvancedFilterBuilder()
        .withTargetObject(column)
        .or()
        .addCondition('Is', 1);
      expect(() => orWithOne.build()).toThrow(
        'Logical Operator must be "And" when there is only one condition provided',
      );
      const three = new AdvancedFilterBuilder()
        .withTargetObject(column)
        .and()
        .addCondition('Is', 1)
        .addCondition('Is', 2)
        .addCondition('Is', 3);
      // The builder passes one array, so the model prints 1 (a quirk of the original).
      expect(() => three.build()).toThrow(
        'AdvancedFilters may not have more than two conditions. You passed: 1',
      );
    });
  });

  describe('TopNFilterBuilder', () => {
    it('serialises bottom(n) to the topN filter JSON; orderBy stays undefined when unset', () => {
      const target = { table: 'Store', column: 'Name' };
      const filter = new TopNFilterBuilder().withTargetObject(target).bottom(3).build();
      expect(filter.toJSON()).toStrictEqual({
        $schema: `${SCHEMA}#topN`,
        target,
        filterType: models.FilterType.TopN,
        operator: 'Bottom',
        itemCount: 3,
        orderBy: undefined,
      });
    });
  });

  describe('RelativeDateFilterBuilder', () => {
    const target = { table: 'Time', column: 'Date' };

    it('includes today by default and maps inThis/inNext to their operators', () => {
      const filter = new RelativeDateFilterBuilder()
        .withTargetObject(target)
        .inThis(1, models.RelativeDateFilterTimeUnit.CalendarYears)
        .build();
      expect(filter.toJSON()).toStrictEqual({
        $schema: `${SCHEMA}#relativeDate`,
        target,
        filterType: models.FilterType.RelativeDate,
        operator: models.RelativeDateOperators.InThis,
        timeUnitsCount: 1,
        timeUnitType: models.RelativeDateFilterTimeUnit.CalendarYears,
        includeToday: true,
      });
      const next = new RelativeDateFilterBuilder()
        .withTargetObject(target)
        .inNext(2, models.RelativeDateFilterTimeUnit.Days)
        .build();
      expect(next.operator).toBe(models.RelativeDateOperators.InNext);
    });
  });

  describe('RelativeTimeFilterBuilder', () => {
    it('serialises to the relativeTime filter JSON; inLast/inThis map to their operators', () => {
      const target = { table: 'Time', column: 'Stamp' };
      const filter = new RelativeTimeFilterBuilder()
        .withTargetObject(target)
        .inLast(15, models.RelativeDateFilterTimeUnit.Minutes)
        .build();
      expect(filter.toJSON()).toStrictEqual({
        $schema: `${SCHEMA}#relativeTime`,
        target,
        filterType: models.FilterType.RelativeTime,
        operator: models.RelativeDateOperators.InLast,
        timeUnitsCount: 15,
        timeUnitType: models.RelativeDateFilterTimeUnit.Minutes,
      });
      const current = new RelativeTimeFilterBuilder()
        .withTargetObject(target)
        .inThis(1, models.RelativeDateFilterTimeUnit.Hours)
        .build();
      expect(current.operator).toBe(models.RelativeDateOperators.InThis);
    });
  });
});
