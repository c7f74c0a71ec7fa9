import pg from 'pg';
import type { DatabaseHandle } from '../../db/create-database.ts';
import { CHAT_CHANNEL, type BusMessage } from './chat-events.repository.ts';

export type BusListener = (message: BusMessage) => void;

/** Receives every instance's chat notifications; `resync` follows a gap (a lost LISTEN connection). */
export interface ChatBus {
  /** Resolves once notifications are being received. */
  ready: Promise<void>;
  /** Whether notifications are being received right now (false while reconnecting). */
  readonly live: boolean;
  onMessage(listener: BusListener): void;
  onResync(listener: () => void): void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/**
 * LISTEN on the chat channel: under PostgreSQL on a dedicated connection of its own (a pooled one
 * could be handed to a query, and LISTEN does not survive that), reconnecting with back-off when
 * the server drops it; under PGlite through its in-process `listen`.
 */
export function createChatBus(database: DatabaseHandle, log: Logger): ChatBus {
  const messageListeners: BusListener[] = [];
  const resyncListeners: (() => void)[] = [];
  const deliver = (payload: string | undefined) => {
    if (!payload) return;
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      return;
    }
    for (const listener of messageListeners) listener(message);
  };
  const base = {
    onMessage: (listener: BusListener) => void messageListeners.push(listener),
    onResync: (listener: () => void) => void resyncListeners.push(listener),
  };

  if (database.backend === 'pglite' && database.pglite) {
    const pglite = database.pglite;
    const unlisten = pglite.listen(CHAT_CHANNEL, deliver);
    return {
      ...base,
      live: true,
      ready: unlisten.then(() => undefined),
      close: async () => {
        if (!pglite.closed) await (await unlisten)();
      },
    };
  }

  let closed = false;
  let client: pg.Client | null = null;
  let retryDelay = 100;
  let timer: NodeJS.Timeout | undefined;
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  let connectedOnce = false;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: database.url });
    next.on('notification', (n) => deliver(n.payload));
    const lost = () => {
      if (client !== next) return;
      client = null;
      // Notifications are missed from now on: whatever relied on them must stop trusting them.
      for (const listener of resyncListeners) listener();
      next.removeAllListeners('error');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      schedule();
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHAT_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('error');
      next.on('error', () => undefined);
      void next.end().catch(() => undefined);
      log.warn({ err: error }, 'chat LISTEN connection failed; retrying');
      schedule();
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryDelay = 100;
    if (connectedOnce) for (const listener of resyncListeners) listener();
    connectedOnce = true;
    resolveReady();
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void connect(), retryDelay);
    retryDelay = Math.min(retryDelay * 2, 5000);
  };
  void connect();

  return {
    ...base,
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
