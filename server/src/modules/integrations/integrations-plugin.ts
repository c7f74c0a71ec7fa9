import fp from 'fastify-plugin';
import type { XeroConfig } from '../../config.ts';
import { TokenCipher } from './token-cipher.ts';
import { XeroClient } from './xero-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    integrations: {
      /** Undefined when no Xero app is configured (connecting answers 503). */
      xero: XeroClient | undefined;
      cipher: TokenCipher;
    };
  }
}

/** The OAuth provider client and the at-rest cipher the integration services share. */
export default fp<{ xero: XeroConfig | undefined; encryptionKey: Buffer }>(
  (app, options, done) => {
    app.decorate('integrations', {
      xero: options.xero ? new XeroClient(options.xero) : undefined,
      cipher: new TokenCipher(options.encryptionKey),
    });
    done();
  },
  { name: 'integrations' },
);
