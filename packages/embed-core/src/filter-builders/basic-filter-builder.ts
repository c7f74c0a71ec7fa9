import * as models from 'powerbi-models';
import { FilterBuilder } from './filter-builder.ts';

type Value = string | number | boolean;

/** Builds a {@link models.BasicFilter}: a target column `In`/`NotIn` a list of values, or `All`. */
export class BasicFilterBuilder extends FilterBuilder {
  private values?: Value[];
  private operator?: models.BasicFilterOperators;
  private isRequireSingleSelection = false;

  in(values: Value[]): this {
    this.operator = 'In';
    this.values = values;
    return this;
  }

  notIn(values: Value[]): this {
    this.operator = 'NotIn';
    this.values = values;
    return this;
  }

  all(): this {
    this.operator = 'All';
    this.values = [];
    return this;
  }

  /** Whether the slicer bound to this filter allows a single selection only (default `false`). */
  requireSingleSelection(isRequireSingleSelection = false): this {
    this.isRequireSingleSelection = isRequireSingleSelection;
    return this;
  }

  /**
   * A `BasicFilter` instance. Values are passed as one array argument, so the model's "non-empty
   * values" check never fires, even without an operator (as in the original).
   */
  build(): models.BasicFilter {
    const filter = new models.BasicFilter(
      this.target,
      this.operator as models.BasicFilterOperators,
      this.values as Value[],
    );
    filter.requireSingleSelection = this.isRequireSingleSelection;
    return filter;
  }
}
