import type { Aggregation, ColumnRef, MeasureRef } from '../contract.ts';
import { badRequest } from '../errors.ts';
import {
  findColumn,
  findTable,
  type ModelColumn,
  type SemanticModel,
} from '../data/semantic-model.ts';
import { quoteIdent } from './sql-params.ts';
import { isRecord } from '../is-record.ts';

/** Checks a {table, column} reference against the model; unknown names are a 400, not a SQL error. */
export function resolveColumn(
  model: SemanticModel,
  ref: unknown,
  where: string,
): { column: ModelColumn; sql: string } {
  if (!isRecord(ref) || typeof ref.table !== 'string' || typeof ref.column !== 'string') {
    throw badRequest(`${where} must be an object with string "table" and "column"`, where);
  }
  if (!findTable(model, ref.table))
    throw badRequest(`Unknown table "${ref.table}" in ${where}`, where);
  const column = findColumn(model, ref.table, ref.column);
  if (!column) throw badRequest(`Unknown column "${ref.table}"."${ref.column}" in ${where}`, where);
  return { column, sql: quoteIdent(column.name) };
}

const aggregationSql: Record<Aggregation, (columnSql: string) => string> = {
  sum: (c) => `SUM(${c})`,
  avg: (c) => `AVG(${c})`,
  count: (c) => `COUNT(${c})`,
  min: (c) => `MIN(${c})`,
  max: (c) => `MAX(${c})`,
  distinctCount: (c) => `COUNT(DISTINCT ${c})`,
};

export const aggregations = Object.keys(aggregationSql) as Aggregation[];

export function isMeasureRef(ref: ColumnRef | MeasureRef): ref is MeasureRef {
  return 'aggregation' in ref;
}

/** SQL of a MeasureRef; sum/avg only make sense for numeric columns. */
export function measureSql(model: SemanticModel, ref: unknown, where: string): string {
  const { column, sql } = resolveColumn(model, ref, where);
  const { aggregation, alias } = ref as { aggregation?: unknown; alias?: unknown };
  // hasOwn, not `in`: "toString" or "constructor" must not pass as an aggregation.
  if (typeof aggregation !== 'string' || !Object.hasOwn(aggregationSql, aggregation)) {
    throw badRequest(`${where}.aggregation must be one of ${aggregations.join(', ')}`, where);
  }
  if (alias !== undefined && typeof alias !== 'string') {
    throw badRequest(`${where}.alias must be a string`, `${where}.alias`);
  }
  if ((aggregation === 'sum' || aggregation === 'avg') && column.kind !== 'number') {
    throw badRequest(`Cannot ${aggregation} the non-numeric column "${column.name}"`, where);
  }
  return aggregationSql[aggregation as Aggregation](sql);
}

/** Default label of a measure column in results ("Sum of Amount") when no alias is given. */
export function measureLabel(ref: MeasureRef): string {
  const words: Record<Aggregation, string> = {
    sum: 'Sum of',
    avg: 'Average of',
    count: 'Count of',
    min: 'Min of',
    max: 'Max of',
    distinctCount: 'Count (Distinct) of',
  };
  return ref.alias ?? `${words[ref.aggregation]} ${ref.column}`;
}

/** The cloud's aggregationFunction names (filter targets) mapped to SQL. */
const targetAggregations: Record<string, (columnSql: string) => string> = {
  Sum: (c) => `SUM(${c})`,
  Avg: (c) => `AVG(${c})`,
  Average: (c) => `AVG(${c})`,
  Min: (c) => `MIN(${c})`,
  Max: (c) => `MAX(${c})`,
  Count: (c) => `COUNT(${c})`,
  CountNonNull: (c) => `COUNT(${c})`,
  Median: (c) => `MEDIAN(${c})`,
  StandardDeviation: (c) => `STDDEV_SAMP(${c})`,
  Variance: (c) => `VAR_SAMP(${c})`,
};

const anyKindAggregations = new Set(['Count', 'CountNonNull', 'Min', 'Max']);

/**
 * SQL of an aggregate filter target: `{table, measure}` (a named model measure),
 * `{table, column, aggregationFunction}`, or a bare numeric column (summed, as the cloud defaults).
 */
export function aggregateTargetSql(model: SemanticModel, target: unknown, where: string): string {
  if (isRecord(target) && typeof target.measure === 'string') {
    const table = typeof target.table === 'string' ? findTable(model, target.table) : undefined;
    if (!table) throw badRequest(`Unknown table in ${where}`, where);
    const found = table.measures.find((m) => m.name === target.measure);
    if (!found) throw badRequest(`Unknown measure "${target.measure}" in ${where}`, where);
    return found.sql;
  }
  const { column, sql } = resolveColumn(model, target, where);
  const fn = isRecord(target) ? target.aggregationFunction : undefined;
  if (fn === undefined) {
    return column.kind === 'number' ? `SUM(${sql})` : `COUNT(${sql})`;
  }
  // hasOwn, not a plain lookup: "constructor" must not pass as an aggregation function.
  const name = typeof fn === 'string' && Object.hasOwn(targetAggregations, fn) ? fn : undefined;
  const build = name === undefined ? undefined : targetAggregations[name];
  if (name === undefined || !build) {
    throw badRequest(
      `${where}.aggregationFunction must be one of ${Object.keys(targetAggregations).join(', ')}`,
      where,
    );
  }
  // Only these work on text and dates; the engine would refuse SUM over an ENUM with a 500.
  if (column.kind !== 'number' && !anyKindAggregations.has(name)) {
    throw badRequest(
      `${where}.aggregationFunction ${name} needs a numeric column; "${column.name}" is not`,
      where,
    );
  }
  return build(sql);
}
