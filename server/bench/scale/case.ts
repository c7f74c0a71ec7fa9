import type pg from 'pg';
import type { ScaleSize } from './sizes.ts';

/** What the runner knows about the seeded database and the running server, for the cases. */
export interface ScaleContext {
  size: ScaleSize;
  /** The server's base URL. */
  url: string;
  /** A super administrator's bearer token. */
  superAdmin: string;
  /** A direct connection to the benchmark database (for picking ids; never timed). */
  db: pg.Client;
  /** The large tenant (LARGE_TENANT): its id, an Admin's and a Viewer's bearer tokens. */
  largeTenant: { id: string; admin: string; viewer: string };
  /** A tenant whose analytics workspace exists in the emulator, and a Viewer of it. */
  workspaceTenant: { id: string; powerBiGroupId: string; viewer: string };
}

/** One HTTP request the runner times (a fresh one each round). */
export interface ScaleRequest {
  method?: 'GET' | 'POST';
  path: string;
  /** Bearer token; the super administrator's when left out. */
  token?: string;
  body?: unknown;
}

/**
 * One endpoint case. `prepare` runs once per size (after the seed), so a case can look up ids; the
 * request it returns is timed ROUNDS times. `rss`: sample the server's resident memory while the
 * response streams (exports).
 */
export interface ScaleCase {
  area: string;
  name: string;
  rss?: boolean;
  prepare(context: ScaleContext): Promise<ScaleRequest> | ScaleRequest;
}
