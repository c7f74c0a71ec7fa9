import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './database.ts';

export type DatabaseBackend =
  | { kind: 'postgres'; url: string; poolSize?: number }
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
    const pool = new pg.Pool({ connectionString: backend.url, max: backend.poolSize ?? 10 });
    // A dropped connection must not crash the process: the pool discards it and the query fails.
    pool.on('error', () => undefined);
    // A checked-out client has no pool listener: its query fails (503), the process must not crash.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, backend: 'postgres', url: backend.url, close: () => db.destroy() };
  }
  if (backend.dataDir) mkdirSync(backend.dataDir, { recursive: true });
  const pglite = await PGlite.create({
    dataDir: backend.dataDir ? join(backend.dataDir, 'pglite') : undefined,
    loadDataDir: backend.loadDataDir,
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
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
