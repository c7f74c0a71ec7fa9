import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Dialect,
  type Driver,
} from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.ts';
import { PgPoolDriver } from './pg-pool-driver.ts';
import { TenantScopedDriver, type TenantScopedDriverOptions } from './tenant-scoped-driver.ts';

export type DatabaseBackend =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** How long to wait for a connection (opened, or free in the pool); 0 or absent: for ever. */
      connectTimeoutMs?: number;
      /** Each statement's limit, set on every connection; 0 or absent: none. */
      statementTimeoutMs?: number;
    }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface DatabaseHandle {
  db: Kysely<Database>;
  backend: DatabaseBackend['kind'];
  /** PostgreSQL only: the connection string (LISTEN/NOTIFY clients open their own connection). */
  url?: string;
  /** PGlite only: the in-process instance (its `listen` replaces a second connection). */
  pglite?: PGlite;
  close(): Promise<void>;
}

// timestamptz and bigint come back as Date and string by default; counts are small, keep them numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/** PostgreSQL through `pg` when a URL is given; otherwise PGlite (in a folder, or in memory). */
export async function createDatabase(backend: DatabaseBackend): Promise<DatabaseHandle> {
  if (backend.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: backend.url,
      max: backend.poolSize ?? 10,
      connectionTimeoutMillis: backend.connectTimeoutMs ?? 0,
      ...(backend.statementTimeoutMs ? { statement_timeout: backend.statementTimeoutMs } : {}),
    });
    // A dropped connection must not crash the process: the pool discards it and the query fails.
    pool.on('error', () => undefined);
    // A checked-out client has no pool listener: its query fails (503), the process must not crash.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({
      dialect: tenantScoped(new PgPoolDriver(pool), {
        runScript: async (connection, script) => {
          await connection.executeQuery(CompiledQuery.raw(script));
        },
      }),
    });
    return { db, backend: 'postgres', url: backend.url, close: () => db.destroy() };
  }
  if (backend.dataDir) mkdirSync(backend.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: backend.dataDir ? join(backend.dataDir, 'pglite') : undefined,
    loadDataDir: backend.loadDataDir,
    // Trigram indexes, as on PostgreSQL (the audit log's search by part of an email).
    extensions: { pg_trgm },
  });
  const db = new Kysely<Database>({
    dialect: tenantScoped(new PGliteDialect(pglite).createDriver(), {
      runScript: async (_connection, script) => {
        await pglite.exec(script);
      },
    }),
  });
  return {
    db,
    backend: 'pglite',
    pglite,
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/**
 * PostgreSQL's dialect around a driver that restricts connections to the current tenant's rows
 * while a tenant scope is current (tenant-scoped-driver.ts); the same on both backends.
 */
function tenantScoped(driver: Driver, options: TenantScopedDriverOptions): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new TenantScopedDriver(driver, options),
    createQueryCompiler: () => new PostgresQueryCompiler(),
    createIntrospector: (db) => new PostgresIntrospector(db),
  };
}
