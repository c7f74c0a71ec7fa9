import type { FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import { prettyLogStream } from './pretty-log-stream.ts';

/**
 * pino options. Requests are logged by method, path (no query string: OAuth codes and states travel
 * there) and request id; credentials in headers and cookies are censored wherever they appear.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'env'> & Partial<Pick<Config, 'logFormat'>>,
): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    ...(config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.token',
        '*.refreshToken',
        '*.accessToken',
        '*.secret',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; id: string; ip?: string }) => ({
        method: request.method,
        url: request.url.split('?')[0],
        id: request.id,
        ip: request.ip,
      }),
    },
  };
}
