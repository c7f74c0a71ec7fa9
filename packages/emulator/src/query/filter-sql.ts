import { badRequest } from '../errors.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { bindValue, bindValueList, comparableColumn } from './filter-values.ts';
import { aggregateTargetSql, resolveColumn } from './model-refs.ts';
import { queryLimits } from './query-limits.ts';
import { relativeDateRange, relativeTimeRange } from './relative-range.ts';
import { quoteIdent, type SqlParams } from './sql-params.ts';
import { isRecord } from '../is-record.ts';

/** Filter types by their powerbi-models numbers and $schema suffixes. */
const filterTypes = { advanced: 0, basic: 1, relativeDate: 4, topN: 5, relativeTime: 7 } as const;
type FilterKind = keyof typeof filterTypes;

const maxFilters = 100;
/** In / NotIn lists up to this length bind value by value; longer ones as one list parameter. */
const shortListLength = 32;

export interface FilterContext {
  model: SemanticModel;
  params: SqlParams;
  /** YYYY-MM-DD */
  today: string;
  /** YYYY-MM-DD HH:MM */
  now: string;
  table: string;
}

type Json = Record<string, unknown>;

export function filterKind(filter: unknown, where: string): FilterKind {
  if (!isRecord(filter)) throw badRequest(`${where} must be a filter object`, where);
  const byNumber = Object.entries(filterTypes).find(([, n]) => n === filter.filterType)?.[0];
  const schema = typeof filter.$schema === 'string' ? filter.$schema.split('#')[1] : undefined;
  const bySchema = schema && Object.hasOwn(filterTypes, schema) ? schema : undefined;
  const kind = (byNumber ?? bySchema) as FilterKind | undefined;
  if (!kind) {
    throw badRequest(
      `${where} has an unsupported filter type (${String(filter.filterType ?? filter.$schema)}); supported: basic, advanced, topN, relativeDate, relativeTime`,
      where,
    );
  }
  return kind;
}

function basicSql(ctx: FilterContext, filter: Json, where: string): string {
  const { column, sql } = resolveColumn(ctx.model, filter.target, `${where}.target`);
  const operator = filter.operator;
  if (operator === 'All') return 'TRUE';
  if (operator !== 'In' && operator !== 'NotIn') {
    throw badRequest(`${where}.operator must be "In", "NotIn" or "All"`, `${where}.operator`);
  }
  const values = filter.values;
  if (!Array.isArray(values) || values.length === 0) {
    throw badRequest(
      'values must be a non-empty array unless your operator is "All".',
      `${where}.values`,
    );
  }
  if (values.length > queryLimits.maxFilterValues) {
    throw badRequest(
      `A basic filter may list at most ${queryLimits.maxFilterValues} values; this one lists ${values.length}`,
      `${where}.values`,
    );
  }
  const hasNull = values.some((value) => value === null);
  const given = values.filter((value) => value !== null);
  // A few values bind one by one (the plan stays simple); long lists bind as one list parameter.
  const members =
    given.length > shortListLength
      ? bindValueList(ctx.params, column, given, `${where}.values`)
      : `(${given.map((value: unknown, index) => bindValue(ctx.params, column, value, `${where}.values[${index}]`)).join(', ')})`;
  // COALESCE: an unknown ENUM value is NULL in the list, which must mean "no match", not "unknown".
  const inList =
    given.length > 0
      ? `COALESCE(${comparableColumn(column, sql)} IN ${members}, FALSE)`
      : undefined;
  if (operator === 'In') {
    return `(${[inList, hasNull ? `${sql} IS NULL` : undefined].filter(Boolean).join(' OR ')})`;
  }
  // NotIn keeps blank rows unless blank is listed, as the cloud's "is not" selection does.
  if (hasNull) return inList ? `(${sql} IS NOT NULL AND NOT ${inList})` : `${sql} IS NOT NULL`;
  return `(${sql} IS NULL OR NOT ${inList ?? 'FALSE'})`;
}

function conditionSql(
  ctx: FilterContext,
  column: ReturnType<typeof resolveColumn>,
  condition: unknown,
  where: string,
): string {
  if (!isRecord(condition) || typeof condition.operator !== 'string') {
    throw badRequest(`${where} must be {operator, value}`, where);
  }
  const { sql } = column;
  const text = `lower(CAST(${sql} AS VARCHAR))`;
  const scalar = (): string => {
    const raw = condition.value;
    if (typeof raw === 'string' || typeof raw === 'number' || typeof raw === 'boolean')
      return String(raw);
    throw badRequest(`${where}.value must be a string, number or boolean`, `${where}.value`);
  };
  const textValue = () => `lower(${ctx.params.add(scalar())})`;
  const isText = column.column.kind === 'string';
  // Range comparisons on text compare strings (not ENUM codes), so values need not be members.
  const comparable = isText ? `CAST(${sql} AS VARCHAR)` : comparableColumn(column.column, sql);
  const value = () => {
    if (!isText) return bindValue(ctx.params, column.column, condition.value, `${where}.value`);
    return ctx.params.add(scalar());
  };
  const blank =
    column.column.kind === 'string' ? `(${sql} IS NULL OR ${text} = '')` : `${sql} IS NULL`;
  switch (condition.operator) {
    case 'None':
      return 'TRUE';
    case 'Contains':
      return `contains(${text}, ${textValue()})`;
    case 'DoesNotContain':
      return `(${sql} IS NULL OR NOT contains(${text}, ${textValue()}))`;
    case 'StartsWith':
      return `starts_with(${text}, ${textValue()})`;
    case 'DoesNotStartWith':
      return `(${sql} IS NULL OR NOT starts_with(${text}, ${textValue()}))`;
    case 'Is':
      return column.column.kind === 'string'
        ? `${text} = ${textValue()}`
        : `${comparable} = ${value()}`;
    case 'IsNot':
      return column.column.kind === 'string'
        ? `(${sql} IS NULL OR ${text} <> ${textValue()})`
        : `(${sql} IS NULL OR ${comparable} <> ${value()})`;
    case 'IsBlank':
      return blank;
    case 'IsNotBlank':
      return `NOT ${blank}`;
    case 'IsEmptyString':
      return `${text} = ''`;
    case 'IsNotEmptyString':
      return `(${sql} IS NULL OR ${text} <> '')`;
    case 'LessThan':
      return `${comparable} < ${value()}`;
    case 'LessThanOrEqual':
      return `${comparable} <= ${value()}`;
    case 'GreaterThan':
      return `${comparable} > ${value()}`;
    case 'GreaterThanOrEqual':
      return `${comparable} >= ${value()}`;
    default:
      throw badRequest(
        `${where}.operator "${condition.operator}" is not an advanced filter condition operator`,
        `${where}.operator`,
      );
  }
}

function advancedSql(ctx: FilterContext, filter: Json, where: string): string {
  const column = resolveColumn(ctx.model, filter.target, `${where}.target`);
  const { logicalOperator, conditions } = filter;
  if (logicalOperator !== 'And' && logicalOperator !== 'Or') {
    throw badRequest(
      `logicalOperator must be a valid operator, You passed: ${String(logicalOperator)}`,
      `${where}.logicalOperator`,
    );
  }
  if (!Array.isArray(conditions) || conditions.length === 0) {
    throw badRequest(`${where}.conditions must be a non-empty array`, `${where}.conditions`);
  }
  if (conditions.length > 2) {
    throw badRequest(
      `AdvancedFilters may not have more than two conditions. You passed: ${conditions.length}`,
      `${where}.conditions`,
    );
  }
  const parts = conditions.map((condition: unknown, index) =>
    conditionSql(ctx, column, condition, `${where}.conditions[${index}]`),
  );
  return `(${parts.join(logicalOperator === 'And' ? ' AND ' : ' OR ')})`;
}

function relativeDateSql(ctx: FilterContext, filter: Json, where: string): string {
  const { column, sql } = resolveColumn(ctx.model, filter.target, `${where}.target`);
  if (column.kind !== 'date')
    throw badRequest(`${where}.target must be a date column`, `${where}.target`);
  const range = relativeDateRange(
    ctx.today,
    Number(filter.operator),
    Number(filter.timeUnitsCount ?? 1),
    Number(filter.timeUnitType),
    filter.includeToday !== false,
  );
  return `CAST(${sql} AS DATE) BETWEEN CAST(${ctx.params.add(range.from)} AS DATE) AND CAST(${ctx.params.add(range.to)} AS DATE)`;
}

function relativeTimeSql(ctx: FilterContext, filter: Json, where: string): string {
  const { column, sql } = resolveColumn(ctx.model, filter.target, `${where}.target`);
  if (column.kind !== 'date')
    throw badRequest(`${where}.target must be a date/time column`, `${where}.target`);
  const range = relativeTimeRange(
    ctx.now,
    Number(filter.operator),
    Number(filter.timeUnitsCount ?? 1),
    Number(filter.timeUnitType),
  );
  const ts = `CAST(${sql} AS TIMESTAMP)`;
  const from = `CAST(${ctx.params.add(range.from)} AS TIMESTAMP)`;
  const to = `CAST(${ctx.params.add(range.to)} AS TIMESTAMP)`;
  return `(${ts} >= ${from} AND ${ts} ${range.toInclusive ? '<=' : '<'} ${to})`;
}

/**
 * Top N keeps the rows whose target value is among the N best (or worst) by the order-by aggregate,
 * computed within the other filters and RLS (`contextSql`), like the cloud's visual-level Top N.
 */
function topNSql(ctx: FilterContext, filter: Json, where: string, contextSql: string): string {
  const { sql } = resolveColumn(ctx.model, filter.target, `${where}.target`);
  const count = filter.itemCount;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw badRequest(`${where}.itemCount must be a positive integer`, `${where}.itemCount`);
  }
  if (filter.operator !== 'Top' && filter.operator !== 'Bottom') {
    throw badRequest(`${where}.operator must be "Top" or "Bottom"`, `${where}.operator`);
  }
  const orderBy = aggregateTargetSql(ctx.model, filter.orderBy, `${where}.orderBy`);
  const direction = filter.operator === 'Top' ? 'DESC' : 'ASC';
  // Clamped: the engine's LIMIT is an int64, and a top N beyond the row count keeps every row anyway.
  const limit = ctx.params.add(Math.min(count, Number.MAX_SAFE_INTEGER));
  return `${sql} IN (SELECT ${sql} FROM ${quoteIdent(ctx.table)} WHERE ${contextSql} GROUP BY ${sql} ORDER BY ${orderBy} ${direction} NULLS LAST, ${sql} LIMIT ${limit})`;
}

/**
 * Compiles powerbi-models filter JSON into SQL conditions (ANDed). `baseConditions` (RLS) also scope
 * the Top N sub-queries.
 */
export function filtersSql(
  ctx: FilterContext,
  filters: unknown,
  baseConditions: string[],
): string[] {
  if (filters === undefined || filters === null) return [];
  if (!Array.isArray(filters)) throw badRequest('filters must be an array', 'filters');
  // Far above any report's filter count; keeps the statement within the engine's expression depth.
  if (filters.length > maxFilters)
    throw badRequest(`filters may hold at most ${maxFilters} filters`, 'filters');
  const kinds = filters.map((filter: unknown, index) => filterKind(filter, `filters[${index}]`));
  const conditions: string[] = [];
  filters.forEach((filter: Json, index) => {
    const where = `filters[${index}]`;
    switch (kinds[index]) {
      case 'basic':
        conditions.push(basicSql(ctx, filter, where));
        break;
      case 'advanced':
        conditions.push(advancedSql(ctx, filter, where));
        break;
      case 'relativeDate':
        conditions.push(relativeDateSql(ctx, filter, where));
        break;
      case 'relativeTime':
        conditions.push(relativeTimeSql(ctx, filter, where));
        break;
      default:
        break;
    }
  });
  const context = [...baseConditions, ...conditions];
  const contextSql = context.length > 0 ? context.join(' AND ') : 'TRUE';
  filters.forEach((filter: Json, index) => {
    if (kinds[index] === 'topN')
      conditions.push(topNSql(ctx, filter, `filters[${index}]`, contextSql));
  });
  return conditions;
}
