import { ErrorBody, StreamTicket } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { randomUUID } from 'node:crypto';
import {
  eventsAfter,
  lastEventSeq,
  notify,
} from '../../../modules/events/chat-events.repository.ts';
import { OrderedStream } from '../../../modules/events/ordered-stream.ts';
import {
  issueStreamTicket,
  redeemStreamTicket,
} from '../../../modules/events/stream-tickets.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

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
        operationId: 'createEventStreamTicket',
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
        operationId: 'openEventStream',
        summary: 'Server-sent events: message, read, reaction, typing (and resync)',
        description:
          'Open with `new EventSource("/api/events?ticket=…")`. Stored events carry an `id`: the ' +
          "event's number in the caller's own list, sent in order, each once. A reconnect with " +
          '`Last-Event-ID` (or `lastEventId`) replays what was missed; a `resync` event means ' +
          'that was not possible (too old): reload the open conversation. Comment lines every ' +
          '25 s keep the connection open. A person holds at most 10 streams: opening another ' +
          'ends the oldest with `event: ended` (`{"reason":"superseded"}`), after which the client ' +
          'should not reconnect. The stream also ends when the access token would expire, and ' +
          'soon after its sign-in session ends (sign-out, revocation); get a new ticket then.',
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

      const raw = reply.raw;
      const stream = new OrderedStream({
        id: randomUUID(),
        userId,
        sessionId,
        send: (chunk) => {
          if (raw.writableEnded || raw.destroyed) return;
          // A reader that stopped reading is dropped rather than buffered without bound; it
          // reconnects with Last-Event-ID and gets the replay.
          if (raw.writableLength > MAX_BUFFERED_BYTES) raw.destroy();
          else raw.write(chunk);
        },
        end: () => raw.end(),
        readAfter: (afterSeq, limit) => eventsAfter(app.db, userId, afterSeq, limit),
        readLast: () => lastEventSeq(app.db, userId),
      });
      // In the hub before the start is read, so nothing committed in between goes unheard.
      const remove = app.chatHub.add(stream);
      await stream.locate(lastEventId);

      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.on('error', () => undefined);
      raw.write('retry: 3000\n\n');
      const lifetime = setTimeout(() => stream.close(), app.config.accessTokenTtlSeconds * 1000);
      lifetime.unref();
      raw.on('close', () => {
        clearTimeout(lifetime);
        remove();
      });
      if (raw.destroyed) remove();
      // Every instance hears of the opening, so the oldest of a person's streams can be closed.
      await notify(app.db, { userId, streamId: stream.id }).catch(() => undefined);
      await stream.resume();
    },
  );
};

export default events;
