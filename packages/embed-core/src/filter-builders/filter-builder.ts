import type * as models from 'powerbi-models';

/**
 * Shared target setters of the filter builders. Not exported from the package entry (neither was
 * the original's base class); each setter replaces the target and returns the builder.
 */
export abstract class FilterBuilder {
  target!: models.IFilterTarget;

  withTargetObject(target: models.IFilterTarget): this {
    this.target = target;
    return this;
  }

  withColumnTarget(tableName: string, columnName: string): this {
    this.target = { table: tableName, column: columnName };
    return this;
  }

  withMeasureTarget(tableName: string, measure: string): this {
    this.target = { table: tableName, measure };
    return this;
  }

  withHierarchyLevelTarget(tableName: string, hierarchy: string, hierarchyLevel: string): this {
    this.target = { table: tableName, hierarchy, hierarchyLevel };
    return this;
  }

  withColumnAggregation(tableName: string, columnName: string, aggregationFunction: string): this {
    this.target = { table: tableName, column: columnName, aggregationFunction };
    return this;
  }

  withHierarchyLevelAggregationTarget(
    tableName: string,
    hierarchy: string,
    hierarchyLevel: string,
    aggregationFunction: string,
  ): this {
    this.target = { table: tableName, hierarchy, hierarchyLevel, aggregationFunction };
    return this;
  }
}
