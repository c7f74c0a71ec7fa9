import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';

const loopbackAddress = (address: string | undefined) =>
  address !== undefined && (address === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address));

/**
 * Whether the landing page and /_emulator/info may show the client secrets to this request: when
 * the admin API is on (whoever reaches the emulator can then change it anyway), or to a client on
 * this machine. "On this machine" is the socket's address, never a header; a request that came
 * through a proxy (it carries Forwarded or X-Forwarded-For) is not, even from 127.0.0.1, since the
 * proxy would otherwise show the secret to everyone it serves.
 */
export function credentialsVisible(context: EmulatorContext, request: FastifyRequest): boolean {
  if (context.config.adminApi) return true;
  const proxied =
    request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined;
  return !proxied && loopbackAddress(request.socket.remoteAddress);
}
