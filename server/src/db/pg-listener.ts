import pg from 'pg';
import type { DatabaseHandle } from './create-database.ts';
import { asService } from './tenant-context.ts';

/** A LISTEN on one NOTIFY channel that keeps itself alive. */
export interface ChannelListener {
  /** Resolves once notifications are being received. */
  ready: Promise<void>;
  /** Whether notifications are being received right now (false while reconnecting). */
  readonly live: boolean;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  /** Every notification's payload, in the order the server sent them. */
  onNotify(payload: string): void;
  /**
   * Notifications may have been missed: called when the connection is lost and again when
   * listening resumes (anything sent in between is gone). Whatever was derived from earlier
   * notifications must stop being trusted.
   */
  onGap(): void;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5000;

/**
 * LISTEN on `channel`: under PostgreSQL on a dedicated connection of its own (a pooled one could
 * be handed to a query, and LISTEN does not survive that), reconnecting with back-off when the
 * server drops it; under PGlite through its in-process `listen`, which cannot be lost.
 * `channel` must be a plain identifier (it is written into the LISTEN statement).
 */
export function listenOnChannel(
  database: DatabaseHandle,
  channel: string,
  handlers: ChannelHandlers,
  log: Logger,
): ChannelListener {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  // Notifications concern every tenant: handlers run on the service path, not in the scope of
  // whichever request's query happened to deliver them (PGlite delivers in the caller's turn).
  const deliver = (payload: string | undefined) => {
    if (payload) asService(`notify:${channel}`, () => handlers.onNotify(payload));
  };

  if (database.backend === 'pglite' && database.pglite) {
    const pglite = database.pglite;
    const unlisten = pglite.listen(channel, deliver);
    return {
      live: true,
      ready: unlisten.then(() => undefined),
      close: async () => {
        if (!pglite.closed) await (await unlisten)();
      },
    };
  }

  let closed = false;
  let client: pg.Client | null = null;
  let retryDelay = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  let connectedOnce = false;

  const discard = (connection: pg.Client) => {
    connection.removeAllListeners('error');
    connection.on('error', () => undefined);
    void connection.end().catch(() => undefined);
  };
  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: database.url });
    next.on('notification', (n) => deliver(n.payload));
    const lost = () => {
      if (client !== next) return;
      client = null;
      handlers.onGap();
      discard(next);
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      discard(next);
      log.warn({ err: error, channel }, 'LISTEN connection failed; retrying');
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryDelay = FIRST_RETRY_MS;
    if (connectedOnce) handlers.onGap();
    connectedOnce = true;
    resolveReady();
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), retryDelay);
    retryDelay = Math.min(retryDelay * 2, MAX_RETRY_MS);
  };
  void connect();

  return {
    ready,
    get live() {
      return client !== null;
    },
    close: async () => {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      if (current) await current.end().catch(() => undefined);
    },
  };
}
