import { ErrorBody, StreamTicket } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serveEventStream } from '../../../modules/events/event-stream.ts';
import {
  issueStreamTicket,
  redeemStreamTicket,
} from '../../../modules/events/stream-tickets.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';

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

      await serveEventStream(
        {
          db: app.db,
          hub: app.chatHub,
          lifetimeMs: app.config.accessTokenTtlSeconds * 1000,
        },
        { userId, sessionId, lastEventId },
        reply,
      );
    },
  );
};

export default events;
