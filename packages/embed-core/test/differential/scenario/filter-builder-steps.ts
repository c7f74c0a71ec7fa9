/**
 * Filter builders (docs/embed-core/api-reference.md#filter-builders): `build()` output (class and own fields) for every builder, operator and
 * target kind, the model constructor errors that surface through `build()`, and what a built
 * filter looks like on the wire (its structured clone, not its `toJSON`).
 */
import type { ScenarioContext } from '../harness/context.ts';
import type { Step } from '../harness/recorder.ts';

function build(id: string, make: (ctx: ScenarioContext) => { build(): object }): Step {
  return { id: `filter-builder.${id}`, run: (ctx) => make(ctx).build() };
}

/** `build()` result and its JSON form: the class instance and what `JSON.stringify` would send. */
function buildJson(id: string, make: (ctx: ScenarioContext) => { build(): object }): Step {
  return {
    id: `filter-builder.${id}.json`,
    run: (ctx) => JSON.parse(JSON.stringify(make(ctx).build())) as unknown,
  };
}

export const filterBuilderSteps: Step[] = [
  build('basic-in-column', (ctx) =>
    new ctx.lib.BasicFilterBuilder().withColumnTarget('Store', 'Region').in(['East', 'West']),
  ),
  buildJson('basic-in-column', (ctx) =>
    new ctx.lib.BasicFilterBuilder().withColumnTarget('Store', 'Region').in(['East', 'West']),
  ),
  build('basic-not-in-measure', (ctx) =>
    new ctx.lib.BasicFilterBuilder().withMeasureTarget('Sales', 'Total').notIn([1, 2]),
  ),
  build('basic-all-hierarchy', (ctx) =>
    new ctx.lib.BasicFilterBuilder().withHierarchyLevelTarget('Date', 'Calendar', 'Year').all(),
  ),
  build('basic-single-selection', (ctx) =>
    new ctx.lib.BasicFilterBuilder()
      .withColumnTarget('Store', 'Chain')
      .in(['Fashions'])
      .requireSingleSelection(true),
  ),
  build('basic-single-selection-default', (ctx) =>
    new ctx.lib.BasicFilterBuilder()
      .withColumnTarget('Store', 'Chain')
      .in([true])
      .requireSingleSelection(),
  ),
  build('basic-no-operator', (ctx) => new ctx.lib.BasicFilterBuilder().withColumnTarget('A', 'B')),
  build('basic-target-object', (ctx) =>
    new ctx.lib.BasicFilterBuilder()
      .withTargetObject({ table: 'Store', column: 'Region', aggregationFunction: 'Count' })
      .in(['x']),
  ),
  buildJson('basic-column-aggregation', (ctx) =>
    new ctx.lib.BasicFilterBuilder().withColumnAggregation('Sales', 'Units', 'Sum').notIn([0]),
  ),
  build('advanced-and-two-conditions', (ctx) =>
    new ctx.lib.AdvancedFilterBuilder()
      .withColumnTarget('Sales', 'Amount')
      .and()
      .addCondition('GreaterThan', 100)
      .addCondition('LessThan', 500),
  ),
  buildJson('advanced-or-two-conditions', (ctx) =>
    new ctx.lib.AdvancedFilterBuilder()
      .withMeasureTarget('Sales', 'Total')
      .or()
      .addCondition('Is', 'x')
      .addCondition('IsBlank'),
  ),
  build('advanced-or-one-condition', (ctx) =>
    new ctx.lib.AdvancedFilterBuilder()
      .withColumnTarget('Sales', 'Amount')
      .or()
      .addCondition('GreaterThan', 1),
  ),
  build('advanced-three-conditions', (ctx) =>
    new ctx.lib.AdvancedFilterBuilder()
      .withColumnTarget('Sales', 'Amount')
      .and()
      .addCondition('GreaterThan', 1)
      .addCondition('LessThan', 9)
      .addCondition('IsNotBlank'),
  ),
  build('advanced-no-logical-operator', (ctx) =>
    new ctx.lib.AdvancedFilterBuilder().withColumnTarget('Sales', 'Amount').addCondition('Is', 1),
  ),
  build('advanced-date-value', (ctx) =>
    new ctx.lib.AdvancedFilterBuilder()
      .withHierarchyLevelAggregationTarget('Date', 'Calendar', 'Month', 'Max')
      .and()
      .addCondition('GreaterThanOrEqual', new Date(Date.UTC(2024, 0, 1))),
  ),
  build('top-n-top-order-by', (ctx) =>
    new ctx.lib.TopNFilterBuilder()
      .withColumnTarget('Product', 'Name')
      .top(5)
      .orderByTarget({ table: 'Sales', measure: 'Total' }),
  ),
  buildJson('top-n-bottom', (ctx) =>
    new ctx.lib.TopNFilterBuilder().withMeasureTarget('Sales', 'Total').bottom(3),
  ),
  build('top-n-unset', (ctx) => new ctx.lib.TopNFilterBuilder().withColumnTarget('A', 'B')),
  build('relative-date-in-last', (ctx) =>
    new ctx.lib.RelativeDateFilterBuilder()
      .withColumnTarget('Date', 'Day')
      .inLast(7, ctx.lib.models.RelativeDateFilterTimeUnit.Days),
  ),
  buildJson('relative-date-in-this-without-today', (ctx) =>
    new ctx.lib.RelativeDateFilterBuilder()
      .withColumnTarget('Date', 'Day')
      .inThis(1, ctx.lib.models.RelativeDateFilterTimeUnit.CalendarMonths)
      .includeToday(false),
  ),
  build('relative-date-in-next', (ctx) =>
    new ctx.lib.RelativeDateFilterBuilder()
      .withHierarchyLevelTarget('Date', 'Calendar', 'Year')
      .inNext(2, ctx.lib.models.RelativeDateFilterTimeUnit.Years),
  ),
  build('relative-time-in-last', (ctx) =>
    new ctx.lib.RelativeTimeFilterBuilder()
      .withColumnTarget('Time', 'Stamp')
      .inLast(30, ctx.lib.models.RelativeDateFilterTimeUnit.Minutes),
  ),
  buildJson('relative-time-in-this', (ctx) =>
    new ctx.lib.RelativeTimeFilterBuilder()
      .withColumnTarget('Time', 'Stamp')
      .inThis(1, ctx.lib.models.RelativeDateFilterTimeUnit.Hours),
  ),
  build('relative-time-in-next', (ctx) =>
    new ctx.lib.RelativeTimeFilterBuilder()
      .withColumnAggregation('Time', 'Stamp', 'Min')
      .inNext(4, ctx.lib.models.RelativeDateFilterTimeUnit.Hours),
  ),
  {
    id: 'filter-builder.target-field',
    run: (ctx) =>
      new ctx.lib.TopNFilterBuilder().withHierarchyLevelTarget('Geo', 'Hierarchy', 'City').target,
  },
  {
    id: 'filter-builder.built-filters-on-the-wire',
    run: (ctx) =>
      ctx
        .report()
        .setFilters([
          new ctx.lib.BasicFilterBuilder().withColumnTarget('Store', 'Region').in(['East']).build(),
          new ctx.lib.RelativeDateFilterBuilder()
            .withColumnTarget('Date', 'Day')
            .inLast(3, ctx.lib.models.RelativeDateFilterTimeUnit.Weeks)
            .build(),
        ]),
  },
];
