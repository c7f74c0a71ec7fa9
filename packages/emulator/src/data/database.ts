import {
  BIGINT,
  BOOLEAN,
  DOUBLE,
  DuckDBInstance,
  DuckDBTypeId,
  INTEGER,
  SQLNULL,
  VARCHAR,
  type DuckDBConnection,
  type DuckDBType,
} from '@duckdb/node-api';
import type { QueryColumnType, QueryResult } from '../contract.ts';
import { EmulatorError } from '../errors.ts';
import { generateSales, type GenerateSalesOptions } from './generate-sales.ts';

export type SqlValue = string | number | boolean | null;

/** How the engine itself is bounded: memory and threads for all queries together. */
export interface EngineLimits {
  memoryMb: number;
  threads: number;
}

/** Bounds of one query: run time, and the row and byte caps of its result. */
export interface QueryBounds {
  timeoutMs?: number;
  /** The statement fetched one row past this cap: a longer result is cut and marked truncated. */
  rowCap?: number;
  /** Rows stop once the result's JSON reaches this size (the row being written completes). */
  maxBytes?: number;
}

/** Below this many values a result cannot reach the byte cap (no text value is 15 bytes long). */
const sizeCheckThreshold = 100_000;

const numericTypes = new Set<DuckDBTypeId>([
  DuckDBTypeId.TINYINT,
  DuckDBTypeId.SMALLINT,
  DuckDBTypeId.INTEGER,
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UTINYINT,
  DuckDBTypeId.USMALLINT,
  DuckDBTypeId.UINTEGER,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.UHUGEINT,
  DuckDBTypeId.FLOAT,
  DuckDBTypeId.DOUBLE,
  DuckDBTypeId.DECIMAL,
]);
const dateTypes = new Set<DuckDBTypeId>([
  DuckDBTypeId.DATE,
  DuckDBTypeId.TIMESTAMP,
  DuckDBTypeId.TIMESTAMP_S,
  DuckDBTypeId.TIMESTAMP_MS,
  DuckDBTypeId.TIMESTAMP_NS,
  DuckDBTypeId.TIMESTAMP_TZ,
]);

function columnType(typeId: DuckDBTypeId): QueryColumnType {
  if (numericTypes.has(typeId)) return 'number';
  if (dateTypes.has(typeId)) return 'date';
  return 'string';
}

/**
 * The engine type a parameter binds as. The driver's own guess binds every integer-valued number
 * past int32 as BIGINT, so 1e308 (an integer to JS) fails with "out of int64 range": numbers beyond
 * the safe integers bind as DOUBLE, which is what they are.
 */
function paramType(value: SqlValue): DuckDBType {
  if (value === null) return SQLNULL;
  if (typeof value === 'string') return VARCHAR;
  if (typeof value === 'boolean') return BOOLEAN;
  if (!Number.isSafeInteger(value)) return DOUBLE;
  return value >= -(2 ** 31) && value < 2 ** 31 ? INTEGER : BIGINT;
}

function convertRow(
  row: readonly unknown[],
  columns: { type: QueryColumnType }[],
): (string | number | null)[] {
  return row.map((value, index): string | number | null => {
    if (value === null || value === undefined) return null;
    const type = columns[index]?.type;
    if (type === 'number') return Number(value);
    // Timestamps come as "YYYY-MM-DD HH:MM:SS": ISO 8601 with a T is what browsers parse.
    if (type === 'date' && typeof value === 'string') return value.replace(' ', 'T');
    return typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
  });
}

/** How many leading rows fit in `maxBytes` of JSON (the row crossing the limit is kept). */
function rowsWithin(rows: unknown[][], maxBytes: number): number {
  let bytes = 0;
  for (let index = 0; index < rows.length; index += 1) {
    bytes += JSON.stringify(rows[index]).length + 1;
    if (bytes >= maxBytes) return index + 1;
  }
  return rows.length;
}

/**
 * The emulator's embedded analytical engine: one in-memory DuckDB per emulator instance holding the
 * generated sample tables. Queries always take bound parameters (`$1`, `$2`, …).
 */
export class AnalyticsDatabase {
  /** Idle connections; one query uses one connection at a time, so concurrent queries never share. */
  private readonly idle: DuckDBConnection[] = [];
  private closed = false;

  private constructor(private readonly instance: DuckDBInstance) {}

  static async create(
    options: GenerateSalesOptions,
    limits: EngineLimits = { memoryMb: 512, threads: 2 },
  ): Promise<AnalyticsDatabase> {
    const instance = await DuckDBInstance.create(':memory:', {
      memory_limit: `${limits.memoryMb}MB`,
      threads: String(limits.threads),
      // No spilling to a .tmp directory in the working directory: over the limit is an error.
      temp_directory: '',
      // Results need no insertion order (every query has ORDER BY); this lets operators use less memory.
      preserve_insertion_order: 'false',
      allocator_flush_threshold: '16MB',
    });
    const database = new AnalyticsDatabase(instance);
    const connection = await database.acquire();
    try {
      await generateSales(connection, options);
    } finally {
      database.release(connection);
    }
    return database;
  }

  /**
   * Runs a statement and converts values to JSON-friendly numbers and ISO-like strings. A statement
   * over `bounds.timeoutMs` is interrupted; one the engine cannot fit in its memory limit fails. Both
   * are the service's DatasetExecuteQueriesError (400), never a 500 or a hang.
   */
  async query(
    sql: string,
    params: SqlValue[] = [],
    bounds: QueryBounds = {},
  ): Promise<QueryResult> {
    const connection = await this.acquire();
    let timedOut = false;
    const timer =
      bounds.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            connection.interrupt();
          }, bounds.timeoutMs);
    let reusable = true;
    try {
      const reader = await connection.runAndReadAll(sql, params, params.map(paramType));
      const columns = reader.columnNames().map((name, index) => ({
        name,
        type: columnType(reader.columnTypes()[index]?.typeId ?? DuckDBTypeId.VARCHAR),
      }));
      const raw = reader.getRowsJson();
      const cap = bounds.rowCap;
      let truncated = cap !== undefined && raw.length > cap;
      const kept = truncated ? raw.slice(0, cap) : raw;
      let rows = kept.map((row) => convertRow(row, columns));
      if (bounds.maxBytes !== undefined && rows.length * columns.length > sizeCheckThreshold) {
        const fit = rowsWithin(rows, bounds.maxBytes);
        if (fit < rows.length) {
          rows = rows.slice(0, fit);
          truncated = true;
        }
      }
      return truncated
        ? { columns, rows, truncated: `More than ${rows.length} rows in a query result` }
        : { columns, rows };
    } catch (error) {
      reusable = false;
      const message = error instanceof Error ? error.message : String(error);
      if (timedOut) {
        throw new EmulatorError(
          'DatasetExecuteQueriesError',
          `The query ran longer than ${bounds.timeoutMs} ms and was stopped`,
          [{ message: 'query timeout', target: 'query' }],
        );
      }
      if (/out of memory/i.test(message)) {
        throw new EmulatorError(
          'DatasetExecuteQueriesError',
          'The query needs more memory than the engine may use',
          [{ message: 'engine memory limit', target: 'query' }],
        );
      }
      throw error;
    } finally {
      if (timer) clearTimeout(timer);
      if (reusable) this.release(connection);
      else connection.closeSync();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const connection of this.idle.splice(0)) connection.closeSync();
    this.instance.closeSync();
  }

  private async acquire(): Promise<DuckDBConnection> {
    if (this.closed) throw new Error('The analytics database is closed');
    return this.idle.pop() ?? (await this.instance.connect());
  }

  private release(connection: DuckDBConnection): void {
    if (this.closed || this.idle.length >= 4) connection.closeSync();
    else this.idle.push(connection);
  }
}
