import { ErrorBody, StreamTicket } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventsAfter } from '../../../modules/events/chat-events.repository.ts';
import { formatEvent } from '../../../modules/events/event-hub.ts';
import {
  issueStreamTicket,
  redeemStreamTicket,
} from '../../../modules/events/stream-tickets.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

/** At most this many stored events are replayed on a reconnect; past it the client reloads. */
const REPLAY_LIMIT = 1000;
/** Unsent bytes a stream may hold before it is closed. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

const EventsQuery = z.object({
  ticket: z.string().min(1).max(128),
  /** For a new EventSource after a spent ticket (it can only send the header on auto-reconnect). */
  lastEventId: z.string().max(20).optional(),
});

const parseEventId = (value: unknown) =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;

const events: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/ticket',
    {
      config: { access: 'tenant-user' },
      schema: {
        tags: ['chat'],
        summary: 'A single-use ticket (valid 60 s) to open the event stream',
        response: { 200: StreamTicket, 401: ErrorBody, 403: ErrorBody, 503: ErrorBody },
      },
    },
    async (request) => issueStreamTicket(app.db, principalOf(request)),
  );

  app.get(
    '',
    {
      // The ticket in the query is the credential (EventSource sends no headers); see /ticket.
      config: { access: 'public' },
      schema: {
        tags: ['chat'],
        summary: 'Server-sent events: message, read, reaction, typing (and resync)',
        description:
          'Open with `new EventSource("/api/events?ticket=…")`. Stored events carry an `id`; a ' +
          'reconnect with `Last-Event-ID` (or `lastEventId`) replays what was missed. A `resync` ' +
          'event means events may have been missed: reload the open conversation. Comment lines ' +
          'every 25 s keep the connection open. The stream ends when the access token would ' +
          'expire, and soon after its sign-in session ends (sign-out, revocation); get a new ' +
          'ticket then.',
        security: [],
        querystring: EventsQuery,
        response: { 401: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = await redeemStreamTicket(app.db, request.query.ticket);
      const lastEventId = parseEventId(
        request.headers['last-event-id'] ?? request.query.lastEventId,
      );

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.on('error', () => undefined);
      const send = (chunk: string) => {
        if (raw.writableEnded || raw.destroyed) return;
        // A reader that stopped reading is dropped rather than buffered without bound; it
        // reconnects with Last-Event-ID and gets the replay.
        if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
        else raw.write(chunk);
      };
      send('retry: 3000\n\n');

      // Live events that arrive while the replay runs wait here, then go out without repeats.
      let buffered: { chunk: string; seq: number | null }[] | null =
        lastEventId === null ? null : [];
      let delivered = lastEventId ?? 0;
      const client = {
        userId,
        sessionId,
        write: (chunk: string, seq: number | null) => {
          if (buffered) buffered.push({ chunk, seq });
          else if (seq === null || seq > delivered) {
            if (seq !== null) delivered = seq;
            send(chunk);
          }
        },
        close: () => raw.end(),
      };
      const remove = app.chatHub.add(client);
      const lifetime = setTimeout(() => raw.end(), app.config.accessTokenTtlSeconds * 1000);
      lifetime.unref();
      raw.on('close', () => {
        clearTimeout(lifetime);
        remove();
      });

      if (lastEventId !== null) {
        try {
          const missed = await eventsAfter(app.db, userId, lastEventId, REPLAY_LIMIT);
          for (const message of missed) {
            send(formatEvent(message));
            delivered = message.seq ?? delivered;
          }
          if (missed.length === REPLAY_LIMIT) send('event: resync\ndata: {}\n\n');
        } catch {
          send('event: resync\ndata: {}\n\n');
        }
        const waiting = buffered ?? [];
        buffered = null;
        for (const { chunk, seq } of waiting) client.write(chunk, seq);
      }
    },
  );
};

export default events;
