import fp from 'fastify-plugin';
import type { XeroConfig } from '../../config.ts';
import type { OauthDeps } from './oauth.service.ts';
import type { SyncDeps } from './sync.service.ts';
import { TokenCipher } from '../../shared/token-cipher.ts';
import { XeroClient } from './xero-client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * What the integration services need (connect, refresh, disconnect, sync): the database,
     * the provider client (undefined when no Xero app is configured: connecting answers 503),
     * the at-rest cipher, the analytics client and the portal's address.
     */
    integrations: OauthDeps & SyncDeps;
  }
}

/** The integrations module's services, built once at start-up. */
export default fp<{ xero: XeroConfig | undefined; encryptionKey: Buffer }>(
  (app, options, done) => {
    app.decorate('integrations', {
      db: app.db,
      xero: options.xero ? new XeroClient(options.xero) : undefined,
      cipher: new TokenCipher(options.encryptionKey),
      analytics: app.analytics,
      publicUrl: app.config.publicUrl,
    });
    done();
  },
  { name: 'integrations', dependencies: ['config', 'db', 'analytics'] },
);
