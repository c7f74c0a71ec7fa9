import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { DiscardingDriver } from './pg-pool-driver.ts';
import { checkedTenantId, scopedTenantId } from './tenant-context.ts';

/** The role tenant work runs as: no superuser, not the tables' owner, no BYPASSRLS. */
export const TENANT_ROLE = 'canopy_tenant';
/** The transaction-local setting the row-level security policies compare `tenant_id` with. */
export const TENANT_SETTING = 'canopy.tenant_id';

/** A connection handed out inside a tenant scope: its own transaction, as the tenant role. */
class ScopedConnection implements DatabaseConnection {
  /** Kysely transactions opened on it (they are savepoints of the scope's transaction). */
  depth = 0;
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.inner.executeQuery<R>(query);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

const raw = (sql: string) => CompiledQuery.raw(sql);

export interface TenantScopedDriverOptions {
  /**
   * Runs statements (several, separated by `;`) on the acquired connection, in one round trip:
   * `pg` sends them as one simple query; PGlite, whose queries take one statement each, runs
   * them with its `exec` (the connection is held, so nothing else runs in between).
   */
  runScript(connection: DatabaseConnection, script: string): Promise<void>;
}

/**
 * Wraps a dialect's driver so that, while a tenant scope is current (tenant-context.ts), every
 * connection it hands out is a transaction running as the tenant role with the tenant in a
 * transaction-local setting; row-level security then shows and accepts that tenant's rows only,
 * whatever the query says. Services need not know: they keep taking `db`. Released, the
 * transaction commits (a failed statement already rolled it back), and the role and setting end
 * with it, so a pooled connection goes back clean; one that cannot be reset is discarded. A
 * Kysely transaction inside the scope becomes a savepoint of it. Outside a scope the driver is
 * the wrapped one, unchanged: the service path.
 */
export class TenantScopedDriver implements Driver {
  constructor(
    private readonly inner: Driver & Partial<Pick<DiscardingDriver, 'discardConnection'>>,
    private readonly options: TenantScopedDriverOptions,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scoped = scopedTenantId();
    const connection = await this.inner.acquireConnection();
    if (scoped === undefined) return connection;
    try {
      await this.openScope(connection, checkedTenantId(scoped));
    } catch (error) {
      await this.endScope(connection, 'rollback').catch(() => undefined);
      throw error;
    }
    return new ScopedConnection(connection);
  }

  private openScope(connection: DatabaseConnection, tenantId: string): Promise<void> {
    // set_config(…, true) is SET LOCAL: both end with the transaction, whatever happens.
    return this.options.runScript(
      connection,
      `begin; select set_config('role', '${TENANT_ROLE}', true), set_config('${TENANT_SETTING}', '${tenantId}', true)`,
    );
  }

  /**
   * Ends the scope's transaction and releases the connection. If even that fails, the connection
   * may still carry the role and tenant: it is discarded (PostgreSQL) rather than pooled.
   */
  private async endScope(connection: DatabaseConnection, how: 'commit' | 'rollback') {
    try {
      await this.options.runScript(connection, how);
    } catch (error) {
      // A failed commit has already rolled back; one more rollback proves the connection is usable.
      try {
        await this.options.runScript(connection, 'rollback');
        await this.inner.releaseConnection(connection);
      } catch {
        // PGlite has its one connection only: there is nothing to discard.
        if (this.inner.discardConnection) await this.inner.discardConnection(connection);
        else await this.inner.releaseConnection(connection);
      }
      throw error;
    }
    await this.inner.releaseConnection(connection);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.releaseConnection(connection);
    // A transaction left open by an error in Kysely's own handling is rolled back, not committed.
    await this.endScope(connection.inner, connection.depth > 0 ? 'rollback' : 'commit');
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    if (!(connection instanceof ScopedConnection)) {
      return this.inner.beginTransaction(connection, settings);
    }
    if (settings.isolationLevel || settings.accessMode) {
      // The scope's transaction has begun already: its mode can no longer be chosen.
      throw new Error('A transaction in a tenant scope cannot set its isolation or access mode');
    }
    connection.depth += 1;
    await connection.inner.executeQuery(raw(`savepoint canopy_tx_${connection.depth}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.commitTransaction(connection);
    await connection.inner.executeQuery(raw(`release savepoint canopy_tx_${connection.depth}`));
    connection.depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection))
      return this.inner.rollbackTransaction(connection);
    await connection.inner.executeQuery(raw(`rollback to savepoint canopy_tx_${connection.depth}`));
    await connection.inner.executeQuery(raw(`release savepoint canopy_tx_${connection.depth}`));
    connection.depth -= 1;
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.savepointOp('savepoint', connection, name, compileQuery);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.savepointOp('rollbackToSavepoint', connection, name, compileQuery);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    await this.savepointOp('releaseSavepoint', connection, name, compileQuery);
  }

  private async savepointOp(
    op: 'savepoint' | 'rollbackToSavepoint' | 'releaseSavepoint',
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner[op]) throw new Error('This database driver does not support savepoints');
    const target = connection instanceof ScopedConnection ? connection.inner : connection;
    await this.inner[op](target, name, compileQuery);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}
