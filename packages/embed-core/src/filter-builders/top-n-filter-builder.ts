import * as models from 'powerbi-models';
import { FilterBuilder } from './filter-builder.ts';

/** Builds a {@link models.TopNFilter}: the top or bottom N items, optionally ordered by another target. */
export class TopNFilterBuilder extends FilterBuilder {
  private itemCount?: number;
  private operator?: models.TopNFilterOperators;
  private orderByTargetValue?: models.ITarget;

  top(itemCount: number): this {
    this.operator = 'Top';
    this.itemCount = itemCount;
    return this;
  }

  bottom(itemCount: number): this {
    this.operator = 'Bottom';
    this.itemCount = itemCount;
    return this;
  }

  orderByTarget(target: models.ITarget): this {
    this.orderByTargetValue = target;
    return this;
  }

  /** A `TopNFilter` instance; unset fields stay undefined (no validation, as in the original). */
  build(): models.TopNFilter {
    return new models.TopNFilter(
      this.target,
      this.operator as models.TopNFilterOperators,
      this.itemCount as number,
      this.orderByTargetValue as models.ITarget,
    );
  }
}
