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

/** Binds one filter value with the column's type; the returned SQL is a placeholder expression. */
export function bindValue(
  params: SqlParams,
  column: ModelColumn,
  value: unknown,
  where: string,
): string {
  if (column.kind === 'date')
    return `CAST(${params.add(normaliseDateValue(value, where))} AS TIMESTAMP)`;
  if (column.kind === 'number') {
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && value.trim() !== ''
          ? Number(value)
          : NaN;
    if (!Number.isFinite(n))
      throw badRequest(`${where} must be a number for column "${column.name}"`, where);
    return `CAST(${params.add(n)} AS DOUBLE)`;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const placeholder = params.add(String(value));
    // ENUM columns: compare codes, not strings (fast); an unknown value casts to NULL = no match.
    return column.enumType
      ? `TRY_CAST(${placeholder} AS ${quoteIdent(column.enumType)})`
      : placeholder;
  }
  throw badRequest(`${where} must be a string, number or boolean`, where);
}

/**
 * The column expression comparable with bound values: dates as timestamps; ENUM text columns as they
 * are (values are cast to the ENUM by bindValue); other columns unchanged.
 */
export function comparableColumn(column: ModelColumn, sql: string): string {
  return column.kind === 'date' ? `CAST(${sql} AS TIMESTAMP)` : sql;
}
