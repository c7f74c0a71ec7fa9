import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type pg from 'pg';

/** A driver that can throw a connection away instead of returning it to its pool. */
export interface DiscardingDriver extends Driver {
  /** Releases `connection` so that it is never handed out again (PostgreSQL closes it). */
  discardConnection(connection: DatabaseConnection): Promise<void>;
}

class PgConnection implements DatabaseConnection {
  constructor(readonly client: pg.PoolClient) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R & object>(query.sql, [...query.parameters]);
    // Several statements in one simple query answer with one result each; none is read.
    if (Array.isArray(result)) return { rows: [] };
    const { command, rowCount, rows } = result;
    const changed = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(command);
    return {
      numAffectedRows: changed ? BigInt(rowCount ?? 0) : undefined,
      rows: rows ?? [],
    };
  }

  // The server reads no query as a stream.
  streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported');
  }
}

/**
 * Kysely's driver for a `pg` pool, written here because Kysely's own always hands a connection
 * back to the pool as good: the tenant scope must be able to close one whose role and tenant
 * setting it could not reset, so that no later query ever runs with them.
 */
export class PgPoolDriver implements DiscardingDriver {
  constructor(private readonly pool: pg.Pool) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgConnection(await this.pool.connect());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const mode = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].join(' ');
    await connection.executeQuery(CompiledQuery.raw(`start transaction ${mode}`.trim()));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${identifier(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${identifier(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${identifier(name)}`));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PgConnection).client.release();
    return Promise.resolve();
  }

  discardConnection(connection: DatabaseConnection): Promise<void> {
    // An argument to release() tells the pool to close the connection rather than keep it.
    (connection as PgConnection).client.release(true);
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    await this.pool.end();
  }
}

function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
