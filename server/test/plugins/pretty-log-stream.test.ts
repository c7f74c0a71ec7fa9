import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../src/logger.ts';
import { prettyLogStream } from '../../src/pretty-log-stream.ts';

describe('the development log (CANOPY_LOG_FORMAT=pretty)', () => {
  it('prints one readable line per request and plain lines for messages', async () => {
    const lines: string[] = [];
    const stream = prettyLogStream({ write: (text: string) => lines.push(text) });
    const app = Fastify({
      logger: { ...(loggerOptions({ logLevel: 'info', env: 'development' }) as object), stream },
    });
    app.get('/api/things', () => Promise.resolve({ ok: true }));
    await app.ready();
    app.log.info('start-up: listening on http://127.0.0.1:5310 (3 ms)');
    await app.inject({ method: 'GET', url: '/api/things?secret=1' });
    await app.inject({ method: 'GET', url: '/api/missing' });
    await app.close();
    const output = lines.join('');
    expect(output).not.toContain('{');
    expect(output).toMatch(/^\d\d:\d\d:\d\d INFO {2}start-up: listening on/m);
    expect(output).toMatch(/^\d\d:\d\d:\d\d 200 GET \/api\/things \d+\.\d ms$/m);
    expect(output).toMatch(/^\d\d:\d\d:\d\d 404 GET \/api\/missing \d+\.\d ms$/m);
    expect(output).not.toContain('secret=1');
    expect(output.match(/GET \/api\/things/g)).toHaveLength(1);
  });

  it('is chosen by logFormat only: JSON stays the default', () => {
    const json = loggerOptions({ logLevel: 'info', env: 'production', logFormat: 'json' });
    expect(json).not.toHaveProperty('stream');
    const pretty = loggerOptions({ logLevel: 'info', env: 'development', logFormat: 'pretty' });
    expect(pretty).toHaveProperty('stream');
  });
});
