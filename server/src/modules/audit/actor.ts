import type { FastifyRequest } from 'fastify';
import { principalOf } from '../../plugins/app/authenticate.ts';
import type { Actor } from './audit.service.ts';

/** The signed-in person behind a request and their address, for audited changes. */
export const actorOf = (request: FastifyRequest): Actor => ({
  principal: principalOf(request),
  ip: request.ip,
});
