import type { EffectiveIdentity } from '../auth/claims.ts';
import type { ColumnRef, MeasureRef, QueryRequest } from '../contract.ts';
import { badRequest } from '../errors.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { filtersSql } from './filter-sql.ts';
import { measureLabel, measureSql, resolveColumn } from './model-refs.ts';
import { queryLimits, rowCapFor } from './query-limits.ts';
import { rlsCondition } from './rls.ts';
import { quoteIdent, SqlParams } from './sql-params.ts';
import { isRecord } from '../is-record.ts';

/** Row caps of the cloud's export: 30,000 summarized rows, 150,000 underlying rows. */
export const maxSummarizedRows = 30_000;
export const maxUnderlyingRows = 150_000;

export interface QueryContext {
  model: SemanticModel;
  table: string;
  today: string;
  now: string;
  identity: EffectiveIdentity | undefined;
}

export interface BuiltQuery {
  sql: string;
  params: SqlParams;
  /**
   * The row cap the statement stops at, when it is the emulator's (not the caller's `limit`). The
   * statement fetches one row more, so the caller can tell a full result from a truncated one.
   */
  rowCap?: number;
}

function refList(value: unknown, where: string, max: number = queryLimits.maxFields): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw badRequest(`${where} must be an array`, where);
  if (value.length > max) throw badRequest(`${where} may hold at most ${max} entries`, where);
  return value;
}

const sameColumn = (a: ColumnRef, b: ColumnRef) => a.table === b.table && a.column === b.column;

/** Gives every output column a distinct name (two "Sum of Amount" measures get "… (2)"). */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((name) => {
    const count = (seen.get(name) ?? 0) + 1;
    seen.set(name, count);
    return count === 1 ? name : `${name} (${count})`;
  });
}

/** The LIMIT to run with, and the cap to report truncation against when the cap (not `limit`) binds. */
function limitOf(request: QueryRequest, cap: number): { limit: number; rowCap?: number } {
  if (request.limit === undefined) return { limit: cap + 1, rowCap: cap };
  if (typeof request.limit !== 'number' || !Number.isInteger(request.limit) || request.limit < 1) {
    throw badRequest('limit must be a positive integer', 'limit');
  }
  return request.limit <= cap ? { limit: request.limit } : { limit: cap + 1, rowCap: cap };
}

/**
 * Turns a visual query plus filters and the token's identity into one parameterised SQL statement.
 * Summarized mode groups by the visual's columns and aggregates its measures; underlying mode
 * returns the rows behind the visual (the columns it uses, unaggregated).
 */
export function buildQuery(context: QueryContext, request: QueryRequest): BuiltQuery {
  if (!isRecord(request)) throw badRequest('The query body must be a JSON object', 'body');
  const { model, table } = context;
  const params = new SqlParams();
  const groupBy = refList(request.groupBy, 'groupBy');
  const fieldCount =
    groupBy.length +
    refList(request.columns, 'columns').length +
    refList(request.measures, 'measures').length;
  if (fieldCount > queryLimits.maxFields) {
    throw badRequest(
      `A query may use at most ${queryLimits.maxFields} group-by columns, columns and measures together; this one uses ${fieldCount}`,
      'measures',
    );
  }
  const groups = [...groupBy, ...refList(request.columns, 'columns')].map((ref, index) => ({
    ref: ref as ColumnRef,
    ...resolveColumn(
      model,
      ref,
      index < groupBy.length ? `groupBy[${index}]` : `columns[${index - groupBy.length}]`,
    ),
  }));
  const measureRefs = refList(request.measures, 'measures');
  const measures = measureRefs.map((ref, index) => ({
    ref: ref as MeasureRef,
    sql: measureSql(model, ref, `measures[${index}]`),
  }));
  const mode = request.mode ?? 'summarized';
  if (mode !== 'summarized' && mode !== 'underlying') {
    throw badRequest('mode must be "summarized" or "underlying"', 'mode');
  }
  if (groups.length === 0 && measures.length === 0) {
    throw badRequest('A query needs at least one groupBy column or measure', 'groupBy');
  }

  const rls = rlsCondition(model, context.identity, params);
  const base = rls ? [rls] : [];
  const conditions = [
    ...base,
    ...filtersSql(
      { model, params, today: context.today, now: context.now, table },
      request.filters,
      base,
    ),
  ];
  const whereSql = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
  const from = quoteIdent(table);

  if (mode === 'underlying') {
    const columns: string[] = [];
    for (const ref of [...groups.map((g) => g.ref), ...measures.map((m) => m.ref)]) {
      if (!columns.includes(ref.column)) columns.push(ref.column);
    }
    const list = columns.map(quoteIdent).join(', ');
    const { limit, rowCap } = limitOf(request, rowCapFor(columns.length, maxUnderlyingRows));
    return {
      sql: `SELECT ${list} FROM ${from}${whereSql} ORDER BY ${list} LIMIT ${params.add(limit)}`,
      params,
      ...(rowCap === undefined ? {} : { rowCap }),
    };
  }

  const names = uniqueNames([
    ...groups.map((g) => g.column.name),
    ...measures.map((m) => measureLabel(m.ref)),
  ]);
  const select = [
    ...groups.map((g, i) => `${g.sql} AS ${quoteIdent(names[i] ?? g.column.name)}`),
    ...measures.map((m, i) => `${m.sql} AS ${quoteIdent(names[groups.length + i] ?? '')}`),
  ];
  const orderBy = refList(request.orderBy, 'orderBy', queryLimits.maxOrderBy).map((item, index) => {
    const where = `orderBy[${index}]`;
    if (!isRecord(item) || !isRecord(item.ref))
      throw badRequest(`${where} must be {ref, direction}`, where);
    const direction =
      item.direction === 'desc' ? 'DESC' : item.direction === 'asc' ? 'ASC' : undefined;
    if (!direction)
      throw badRequest(`${where}.direction must be "asc" or "desc"`, `${where}.direction`);
    if ('aggregation' in item.ref)
      return `${measureSql(model, item.ref, `${where}.ref`)} ${direction} NULLS LAST`;
    const { sql } = resolveColumn(model, item.ref, `${where}.ref`);
    const ref = item.ref as unknown as ColumnRef;
    if (groups.length > 0 && !groups.some((g) => sameColumn(g.ref, ref))) {
      throw badRequest(
        `${where}.ref orders by "${ref.column}", which the query does not group by`,
        `${where}.ref`,
      );
    }
    return `${sql} ${direction} NULLS LAST`;
  });
  // Ties and unordered queries still come back in one stable order: then by every group column.
  const stable = groups.map((g) => `${g.sql} ASC NULLS LAST`);
  const orderSql = [...orderBy, ...stable];
  const groupSql = groups.length > 0 ? ` GROUP BY ${groups.map((g) => g.sql).join(', ')}` : '';
  const { limit, rowCap } = limitOf(request, rowCapFor(select.length, maxSummarizedRows));
  return {
    sql: `SELECT ${select.join(', ')} FROM ${from}${whereSql}${groupSql}${orderSql.length > 0 ? ` ORDER BY ${orderSql.join(', ')}` : ''} LIMIT ${params.add(limit)}`,
    params,
    ...(rowCap === undefined ? {} : { rowCap }),
  };
}
