import * as models from 'powerbi-models';
import { FilterBuilder } from './filter-builder.ts';

/** Builds a {@link models.RelativeTimeFilter}: in the last/this/next N minutes or hours. */
export class RelativeTimeFilterBuilder extends FilterBuilder {
  private operator?: models.RelativeDateOperators;
  private timeUnitsCount?: number;
  private timeUnitType?: models.RelativeDateFilterTimeUnit;

  inLast(timeUnitsCount: number, timeUnitType: models.RelativeDateFilterTimeUnit): this {
    return this.period(models.RelativeDateOperators.InLast, timeUnitsCount, timeUnitType);
  }

  inThis(timeUnitsCount: number, timeUnitType: models.RelativeDateFilterTimeUnit): this {
    return this.period(models.RelativeDateOperators.InThis, timeUnitsCount, timeUnitType);
  }

  inNext(timeUnitsCount: number, timeUnitType: models.RelativeDateFilterTimeUnit): this {
    return this.period(models.RelativeDateOperators.InNext, timeUnitsCount, timeUnitType);
  }

  /** A `RelativeTimeFilter` instance; unset fields stay undefined (no validation, as in the original). */
  build(): models.RelativeTimeFilter {
    return new models.RelativeTimeFilter(
      this.target,
      this.operator as models.RelativeDateOperators,
      this.timeUnitsCount as number,
      this.timeUnitType as models.RelativeDateFilterTimeUnit,
    );
  }

  private period(
    operator: models.RelativeDateOperators,
    timeUnitsCount: number,
    timeUnitType: models.RelativeDateFilterTimeUnit,
  ): this {
    this.operator = operator;
    this.timeUnitsCount = timeUnitsCount;
    this.timeUnitType = timeUnitType;
    return this;
  }
}
