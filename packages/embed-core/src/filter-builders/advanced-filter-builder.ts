import * as models from 'powerbi-models';
import { FilterBuilder } from './filter-builder.ts';

/** Builds a {@link models.AdvancedFilter}: up to two conditions joined by `And` or `Or`. */
export class AdvancedFilterBuilder extends FilterBuilder {
  private logicalOperator?: models.AdvancedFilterLogicalOperators;
  private conditions: models.IAdvancedFilterCondition[] = [];

  and(): this {
    this.logicalOperator = 'And';
    return this;
  }

  or(): this {
    this.logicalOperator = 'Or';
    return this;
  }

  addCondition(
    operator: models.AdvancedFilterConditionOperators,
    value?: string | number | boolean | Date,
  ): this {
    this.conditions.push({ operator, value });
    return this;
  }

  /**
   * An `AdvancedFilter` instance. The model constructor validates: a missing logical operator,
   * more than two conditions, or one condition with `Or` throw its `Error`s.
   */
  build(): models.AdvancedFilter {
    return new models.AdvancedFilter(
      this.target,
      this.logicalOperator as models.AdvancedFilterLogicalOperators,
      this.conditions,
    );
  }
}
