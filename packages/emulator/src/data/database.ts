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
import { generateSales, type GenerateSalesOptions } from './generate-sales.ts';

export type SqlValue = string | number | boolean | null;

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

/**
 * The emulator's embedded analytical engine: one in-memory DuckDB per emulator instance holding the
 * generated sample tables. Queries always take bound parameters (`$1`, `$2`, …).
 */
export class AnalyticsDatabase {
  /** Idle connections; one query uses one connection at a time, so concurrent queries never share. */
  private readonly idle: DuckDBConnection[] = [];
  private closed = false;

  private constructor(private readonly instance: DuckDBInstance) {}

  static async create(options: GenerateSalesOptions): Promise<AnalyticsDatabase> {
    const instance = await DuckDBInstance.create(':memory:');
    const database = new AnalyticsDatabase(instance);
    const connection = await database.acquire();
    try {
      await generateSales(connection, options);
    } finally {
      database.release(connection);
    }
    return database;
  }

  /** Runs a statement and converts values to JSON-friendly numbers and ISO-like strings. */
  async query(sql: string, params: SqlValue[] = []): Promise<QueryResult> {
    const connection = await this.acquire();
    try {
      const reader = await connection.runAndReadAll(sql, params, params.map(paramType));
      const columns = reader.columnNames().map((name, index) => ({
        name,
        type: columnType(reader.columnTypes()[index]?.typeId ?? DuckDBTypeId.VARCHAR),
      }));
      const rows = reader.getRowsJson().map((row) =>
        row.map((value, index): string | number | null => {
          if (value === null || value === undefined) return null;
          const type = columns[index]?.type;
          if (type === 'number') return Number(value);
          // Timestamps come as "YYYY-MM-DD HH:MM:SS": ISO 8601 with a T is what browsers parse.
          if (type === 'date' && typeof value === 'string') return value.replace(' ', 'T');
          return typeof value === 'string' || typeof value === 'number'
            ? value
            : JSON.stringify(value);
        }),
      );
      return { columns, rows };
    } finally {
      this.release(connection);
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
