import fp from 'fastify-plugin';
import { TokenCipher } from '../../shared/token-cipher.ts';
import type { MfaDeps } from './mfa/mfa-deps.ts';
import { relyingPartyOf } from './mfa/webauthn.ts';
import type { PasswordLinkDeps } from './password-links.service.ts';
import type { SessionDeps } from './session.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What issuing and rotating sessions needs: the database, the signer and the lifetimes. */
    sessions: SessionDeps;
    /** What mailing reset and invitation links needs: the database, mail and the portal's address. */
    passwordLinks: PasswordLinkDeps;
    /** Two-step verification: sessions, the at-rest cipher, the passkey relying party, the policy. */
    mfa: MfaDeps;
  }
}

/** The auth module's services, built once at start-up (the access token is signed by @fastify/jwt). */
export default fp(
  (app, _options, done) => {
    app.decorate('sessions', {
      db: app.db,
      signAccessToken: (claims) => app.jwt.sign(claims),
      accessTokenTtlSeconds: app.config.accessTokenTtlSeconds,
      refreshTokenTtlSeconds: app.config.refreshTokenTtlSeconds,
    });
    app.decorate('mfa', {
      ...app.sessions,
      cipher: new TokenCipher(app.config.encryptionKey),
      relyingParty: relyingPartyOf(app.config.publicUrl),
      superAdminsMustUse: app.config.requireMfaForSuperAdmins,
    });
    app.decorate('passwordLinks', {
      db: app.db,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
    });
    done();
  },
  { name: 'auth', dependencies: ['config', 'db', 'services', 'jwt'] },
);
