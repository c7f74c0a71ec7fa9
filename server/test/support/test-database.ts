import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../src/db/create-database.ts';
import { adminUrl, testBackend, urlFor } from './backend.ts';

/** A fresh, migrated database of its own for one test file, on the project's backend. */
export function createTestDatabase(): Promise<DatabaseHandle> {
  return testDatabase(true);
}

/** A fresh database with no schema at all (migration tests). */
export function createEmptyTestDatabase(): Promise<DatabaseHandle> {
  return testDatabase(false);
}

async function testDatabase(migrated: boolean): Promise<DatabaseHandle> {
  if (testBackend() === 'pglite') {
    if (!migrated) return createDatabase({ kind: 'pglite' });
    const dump = readFileSync(inject('pgliteDump'));
    return createDatabase({ kind: 'pglite', loadDataDir: new Blob([dump]) });
  }
  const name = `canopy_t_${inject('runId')}_${randomBytes(4).toString('hex')}`;
  const template = migrated ? ` template ${inject('pgTemplate')}` : '';
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    // Copies of one template may not start at the very same instant; retry the rare collision.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name}${template}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
      }
    }
  } finally {
    await admin.end();
  }
  const handle = await createDatabase({ kind: 'postgres', url: urlFor(name), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
