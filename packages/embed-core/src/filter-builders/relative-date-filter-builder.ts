import * as models from 'powerbi-models';
import { FilterBuilder } from './filter-builder.ts';

/** Builds a {@link models.RelativeDateFilter}: in the last/this/next N days, weeks, months… */
export class RelativeDateFilterBuilder extends FilterBuilder {
  private operator?: models.RelativeDateOperators;
  private timeUnitsCount?: number;
  private timeUnitType?: models.RelativeDateFilterTimeUnit;
  private isTodayIncluded = true;

  inLast(timeUnitsCount: number, timeUnitType: models.RelativeDateFilterTimeUnit): this {
    return this.period(models.RelativeDateOperators.InLast, timeUnitsCount, timeUnitType);
  }

  inThis(timeUnitsCount: number, timeUnitType: models.RelativeDateFilterTimeUnit): this {
    return this.period(models.RelativeDateOperators.InThis, timeUnitsCount, timeUnitType);
  }

  inNext(timeUnitsCount: number, timeUnitType: models.RelativeDateFilterTimeUnit): this {
    return this.period(models.RelativeDateOperators.InNext, timeUnitsCount, timeUnitType);
  }

  /** Whether today counts as part of the period (default `true`). */
  includeToday(includeToday: boolean): this {
    this.isTodayIncluded = includeToday;
    return this;
  }

  /** A `RelativeDateFilter` instance; unset fields stay undefined (no validation, as in the original). */
  build(): models.RelativeDateFilter {
    return new models.RelativeDateFilter(
      this.target,
      this.operator as models.RelativeDateOperators,
      this.timeUnitsCount as number,
      this.timeUnitType as models.RelativeDateFilterTimeUnit,
      this.isTodayIncluded,
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
