import { badRequest } from '../errors.ts';
import type { ModelColumn } from '../data/semantic-model.ts';
import { quoteIdent, type SqlParams } from './sql-params.ts';

const isoDate =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2})(?::(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Normalises a filter date value to "YYYY-MM-DD HH:MM:SS.mmm". Values without an offset (and "Z")
 * are read as the model's wall-clock time — the data has no time zone, like an imported model.
 */
export function normaliseDateValue(value: unknown, where: string): string {
  if (typeof value !== 'string')
    throw badRequest(`${where} must be an ISO 8601 date string`, where);
  const match = isoDate.exec(value.trim());
  if (!match) throw badRequest(`${where} must be an ISO 8601 date string; got "${value}"`, where);
  const [, day, hm = '00:00', ss = '00', frac = '', offset] = match;
  if (offset && offset !== 'Z') {
    const shifted = new Date(value);
    if (Number.isNaN(shifted.getTime()))
      throw badRequest(`${where} is not a valid date: "${value}"`, where);
    return shifted.toISOString().replace('T', ' ').replace('Z', '');
  }
  // Round-trip check: Date.parse accepts 2024-02-30 (rolling over); DuckDB would not.
  const parsed = new Date(`${day}T${hm}:${ss}Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 16) !== `${day}T${hm}`) {
    throw badRequest(`${where} is not a valid date: "${value}"`, where);
  }
  const millis = frac ? frac.slice(1, 4).padEnd(3, '0') : '000';
  return `${day} ${hm}:${ss}.${millis}`;
}

/**
 * One filter value checked and normalised for the column's type: a "YYYY-MM-DD HH:MM:SS.mmm" string
 * for dates, a finite number for numbers, text otherwise.
 */
export function filterScalar(column: ModelColumn, value: unknown, where: string): string | number {
  if (column.kind === 'date') return normaliseDateValue(value, where);
  if (column.kind === 'number') {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : NaN;
    if (!Number.isFinite(n))
      throw badRequest(`${where} must be a number for column "${column.name}"`, where);
    return n;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw badRequest(`${where} must be a string, number or boolean`, where);
}

/** Binds one filter value with the column's type; the returned SQL is a placeholder expression. */
export function bindValue(
  params: SqlParams,
  column: ModelColumn,
  value: unknown,
  where: string,
): string {
  const scalar = filterScalar(column, value, where);
  const placeholder = params.add(scalar);
  if (column.kind === 'date') return `CAST(${placeholder} AS TIMESTAMP)`;
  if (column.kind === 'number') return `CAST(${placeholder} AS DOUBLE)`;
  // ENUM columns: compare codes, not strings (fast); an unknown value casts to NULL = no match.
  return column.enumType
    ? `TRY_CAST(${placeholder} AS ${quoteIdent(column.enumType)})`
    : placeholder;
}

/**
 * A whole value list bound as ONE parameter (a JSON array unnested by the engine). A list of
 * thousands of values as separate parameters costs the engine seconds to plan; as one list it is a
 * hash semi-join. The returned SQL is a sub-query usable after `IN`.
 */
export function bindValueList(
  params: SqlParams,
  column: ModelColumn,
  values: unknown[],
  where: string,
): string {
  const scalars = values.map((value, index) => filterScalar(column, value, `${where}[${index}]`));
  const listType = column.kind === 'number' ? 'DOUBLE' : 'VARCHAR';
  const element =
    column.kind === 'date'
      ? 'CAST(v AS TIMESTAMP)'
      : column.enumType
        ? `TRY_CAST(v AS ${quoteIdent(column.enumType)})`
        : 'v';
  const list = `CAST(CAST(${params.add(JSON.stringify(scalars))} AS JSON) AS ${listType}[])`;
  return `(SELECT ${element} FROM (SELECT unnest(${list}) AS v))`;
}

/**
 * The column expression comparable with bound values: dates as timestamps; ENUM text columns as they
 * are (values are cast to the ENUM by bindValue); other columns unchanged.
 */
export function comparableColumn(column: ModelColumn, sql: string): string {
  return column.kind === 'date' ? `CAST(${sql} AS TIMESTAMP)` : sql;
}
