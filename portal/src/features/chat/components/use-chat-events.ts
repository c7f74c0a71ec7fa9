import { endpoints, type ChatEvent } from '@canopy/portal-contract';
import { useEffect, useRef, useState } from 'react';
import { pathOf } from '../../../shared/api/api-client.ts';
import { fetchStreamTicket } from '../api/chat-api.ts';
import { reconnectDelay } from '../rules/reconnect-delay.ts';

export type ChatStreamEvent = ChatEvent | { kind: 'resync' };
export type ChatEventListener = (event: ChatStreamEvent) => void;

const KINDS = ['message', 'read', 'reaction', 'typing', 'resync'] as const;

/**
 * The server's event stream for as long as the widget is mounted (sign-out unmounts it): a fresh
 * single-use ticket per connection, `lastEventId` so a reconnect replays what was missed, and a
 * growing pause between failed attempts. `onEvent` is read through a ref: no reconnect per render.
 */
export function useChatEvents(onEvent: ChatEventListener, onReconnect: () => void): boolean {
  const [connected, setConnected] = useState(false);
  const listener = useRef(onEvent);
  const reconnected = useRef(onReconnect);
  useEffect(() => {
    listener.current = onEvent;
    reconnected.current = onReconnect;
  });

  useEffect(() => {
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let attempt = 0;
    let lastEventId: string | null = null;
    let opened = false;

    const retry = () => {
      setConnected(false);
      source?.close();
      source = null;
      if (stopped) return;
      timer = setTimeout(() => void connect(), reconnectDelay(attempt++));
    };

    const connect = async () => {
      let ticket: string;
      try {
        ticket = (await fetchStreamTicket()).ticket;
      } catch {
        retry();
        return;
      }
      if (stopped) return;
      const query = { ticket, lastEventId: lastEventId ?? undefined };
      const next = new EventSource(pathOf(endpoints.openEventStream, { query }));
      source = next;
      next.onopen = () => {
        attempt = 0;
        setConnected(true);
        // Anything missed between two connections: the replay covers stored events, a poll the rest.
        if (opened) reconnected.current();
        opened = true;
      };
      // A ticket is single-use, so the browser's own reconnect cannot work: close and start over.
      next.onerror = () => retry();
      // The person opened more streams than the server keeps (other tabs): this one was the oldest.
      // Reconnecting would only push out another tab; the 3 s poll keeps this one up to date.
      next.addEventListener('ended', () => {
        stopped = true;
        setConnected(false);
        next.close();
      });
      for (const kind of KINDS) {
        next.addEventListener(kind, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          if (kind === 'resync') return listener.current({ kind: 'resync' });
          try {
            listener.current(JSON.parse(message.data) as ChatEvent);
          } catch {
            // A malformed event is skipped; the 3 s poll still catches up.
          }
        });
      }
    };

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, []);
  return connected;
}
