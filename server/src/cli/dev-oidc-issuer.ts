import { OAuth2Server } from 'oauth2-mock-server';
import { Email } from '@canopy/portal-contract';

/**
 * A local OpenID provider for trying external sign-in by hand (development only; the tests start
 * their own): `pnpm --filter @canopy/server exec tsx src/cli/dev-oidc-issuer.ts admin@example.com`.
 * Whoever "signs in" there is that email, verified. Then start the server with the variables it
 * prints and open /api/auth/oidc/start. DEV_OIDC_PORT picks the port (default 5391; 0: any free).
 */
const USAGE = 'Usage: tsx src/cli/dev-oidc-issuer.ts <email of an existing super administrator>';

const email = Email.safeParse(process.argv.slice(2).find((a) => a !== '--'));
if (!email.success) {
  console.error(USAGE);
  process.exit(1);
}
const port = Number(process.env.DEV_OIDC_PORT ?? 5391);

const server = new OAuth2Server();
await server.issuer.keys.generate('RS256');
await server.start(port, '127.0.0.1');
server.issuer.url = `http://127.0.0.1:${server.address().port}`;
server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
  Object.assign(token.payload, { email: email.data, email_verified: true });
});

console.log(`Development OpenID provider at ${server.issuer.url}, signing in ${email.data}`);
console.log(
  `Start the server with: CANOPY_OIDC_ISSUER=${server.issuer.url} CANOPY_OIDC_CLIENT_ID=canopy-dev`,
);
const stop = () => void server.stop().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
