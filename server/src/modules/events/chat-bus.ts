import type { DatabaseHandle } from '../../db/create-database.ts';
import { listenOnChannel } from '../../db/pg-listener.ts';
import { CHAT_CHANNEL, type BusMessage, type StreamOpened } from './chat-events.repository.ts';

export type BusListener = (message: BusMessage) => void;

/** Receives every instance's chat notifications; `resync` follows a gap (a lost LISTEN connection). */
export interface ChatBus {
  /** Resolves once notifications are being received. */
  ready: Promise<void>;
  /** Whether notifications are being received right now (false while reconnecting). */
  readonly live: boolean;
  onMessage(listener: BusListener): void;
  onResync(listener: () => void): void;
  /** An event stream opened on some instance (the per-person cap counts them). */
  onStreamOpened(listener: (opened: StreamOpened) => void): void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

/** LISTEN on the chat channel (reconnecting with back-off; see listenOnChannel). */
export function createChatBus(database: DatabaseHandle, log: Logger): ChatBus {
  const messageListeners: BusListener[] = [];
  const resyncListeners: (() => void)[] = [];
  const openedListeners: ((opened: StreamOpened) => void)[] = [];
  const channel = listenOnChannel(
    database,
    CHAT_CHANNEL,
    {
      onNotify: (payload) => {
        let message: BusMessage | StreamOpened;
        try {
          message = JSON.parse(payload) as BusMessage | StreamOpened;
        } catch {
          return;
        }
        if ('streamId' in message) for (const listener of openedListeners) listener(message);
        else for (const listener of messageListeners) listener(message);
      },
      // Notifications are missed: whatever relied on them must stop trusting them.
      onGap: () => {
        for (const listener of resyncListeners) listener();
      },
    },
    log,
  );
  return {
    ready: channel.ready,
    get live() {
      return channel.live;
    },
    onMessage: (listener: BusListener) => void messageListeners.push(listener),
    onResync: (listener: () => void) => void resyncListeners.push(listener),
    onStreamOpened: (listener) => void openedListeners.push(listener),
    close: () => channel.close(),
  };
}
