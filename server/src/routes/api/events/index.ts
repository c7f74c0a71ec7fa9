import { endpoints } from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serveEventStream } from '../../../modules/events/event-stream.ts';
import {
  issueStreamTicket,
  redeemStreamTicket,
} from '../../../modules/events/stream-tickets.service.ts';
import { principalOf } from '../../../plugins/app/authenticate.ts';
import { routeOf } from '../../route-of.ts';

const parseEventId = (value: unknown) =>
  typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : null;

const events: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...routeOf(app, endpoints.createEventStreamTicket),
    handler: (request) => issueStreamTicket(app.db, principalOf(request)),
  });

  // Public: the ticket in the query is the credential (EventSource sends no headers).
  app.route({
    ...routeOf(app, endpoints.openEventStream),
    handler: async (request, reply) => {
      const { userId, sessionId } = await redeemStreamTicket(app.db, request.query.ticket);
      const lastEventId = parseEventId(
        request.headers['last-event-id'] ?? request.query.lastEventId,
      );

      await serveEventStream(app.eventStream, { userId, sessionId, lastEventId }, reply);
    },
  });
};

export default events;
