import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import type { TokenCipher } from '../../shared/token-cipher.ts';
import { scheduleJob } from '../jobs/job-queue.ts';
import { findSource } from './integrations.repository.ts';
import { sourceScopes, type XeroClient } from './xero-client.ts';

export interface OauthDeps {
  db: Db;
  xero: XeroClient | undefined;
  cipher: TokenCipher;
  /** The portal's public origin: the callback and the SPA pages are built from it. */
  publicUrl: string;
}

const stateLifetimeMs = 10 * 60_000;
const hash = (value: string) => createHash('sha256').update(value).digest('hex');
export const callbackUrl = (publicUrl: string) => `${publicUrl}/api/admin/oauth/callback`;

/** Which connections a source's consent is about. */
const tenantTypeOf: Record<string, string> = { xero: 'ORGANISATION', xpm: 'PRACTICEMANAGER' };

/**
 * Starts a connection: a single-use state (stored hashed, 10 minutes, bound to this super
 * administrator, the tenant and the source) and a PKCE verifier; returns the provider's URL.
 */
export async function initiateOauth(
  deps: OauthDeps,
  actor: Actor,
  request: { sourceId: string; tenantId?: string },
): Promise<{ authUrl: string }> {
  const source = await findSource(deps.db, request.sourceId);
  if (!source) throw new AppError('DATA_SOURCE_NOT_FOUND');
  const scope = sourceScopes[source.id];
  if (source.auth_type !== 'oauth2' || !scope) throw new AppError('SOURCE_COMING_SOON');
  if (!deps.xero) throw new AppError('INTEGRATIONS_UNAVAILABLE');
  if (request.tenantId) {
    const tenant = await deps.db
      .selectFrom('tenants')
      .select('id')
      .where('id', '=', request.tenantId)
      .executeTakeFirst();
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
  }
  const state = randomBytes(16).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  await deps.db
    .insertInto('oauth_states')
    .values({
      state_hash: hash(state),
      user_id: actor.principal.userId,
      tenant_id: request.tenantId ?? null,
      source_id: source.id,
      code_verifier: deps.cipher.encrypt(verifier),
      expires_at: new Date(Date.now() + stateLifetimeMs),
    })
    .execute();
  // Expired states are of no use to anyone: clear them while we are here.
  await deps.db.deleteFrom('oauth_states').where('expires_at', '<', new Date()).execute();
  return {
    authUrl: deps.xero.authorizeUrl({
      redirectUri: callbackUrl(deps.publicUrl),
      scope,
      state,
      challenge: createHash('sha256').update(verifier).digest('base64url'),
    }),
  };
}

/**
 * The provider's redirect back. Whatever happens, the answer is a redirect to the SPA's
 * data-integration page with `success=connected&source=<name>` or `error=<reason>`; nothing about
 * tokens ever reaches the URL or the logs.
 */
export async function completeOauth(
  deps: OauthDeps,
  query: { code?: string; state?: string; error?: string },
  ip: string | null,
): Promise<string> {
  const page = (tenantId: string | null, params: Record<string, string>) =>
    `${deps.publicUrl}${tenantId ? `/admin/tenants/${tenantId}` : '/admin'}/data-integration?${new URLSearchParams(params).toString()}`;
  if (!query.state) return page(null, { error: 'invalid_state' });
  // Single use: the state is deleted as it is read, whatever follows.
  const pending = await deps.db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', hash(query.state))
    .returningAll()
    .executeTakeFirst();
  if (!pending || pending.expires_at.getTime() < Date.now()) {
    return page(null, { error: 'invalid_state' });
  }
  const back = (params: Record<string, string>) => page(pending.tenant_id, params);
  // The state is bound to the super administrator who started: they must still be one.
  const starter = await deps.db
    .selectFrom('users')
    .select(['id', 'email', 'is_super_admin'])
    .where('id', '=', pending.user_id)
    .executeTakeFirst();
  if (!starter?.is_super_admin) return back({ error: 'invalid_state' });
  if (query.error)
    return back({ error: query.error === 'access_denied' ? 'access_denied' : 'provider_error' });
  if (!query.code || !deps.xero) return back({ error: 'provider_error' });
  const source = await findSource(deps.db, pending.source_id);
  if (!source) return back({ error: 'provider_error' });

  let tokens;
  let connections;
  try {
    tokens = await deps.xero.exchangeCode(
      query.code,
      callbackUrl(deps.publicUrl),
      deps.cipher.decrypt(pending.code_verifier),
    );
    connections = (await deps.xero.connections(tokens.accessToken)).filter(
      (connection) => connection.tenantType === tenantTypeOf[source.id],
    );
  } catch {
    return back({ error: 'token_exchange_failed' });
  }
  if (connections.length === 0) return back({ error: 'no_organisation' });

  const actor = { principal: { userId: starter.id, email: starter.email }, ip };
  // Tokens of connections replaced below, revoked at the provider once the new ones are stored.
  const superseded: string[] = [];
  await deps.db.transaction().execute(async (trx) => {
    for (const connection of connections) {
      const secrets = {
        status: 'active' as const,
        connection_id: connection.id,
        external_tenant_type: connection.tenantType,
        external_tenant_name: connection.tenantName,
        scopes: tokens.scope,
        access_token_enc: deps.cipher.encrypt(tokens.accessToken),
        refresh_token_enc: deps.cipher.encrypt(tokens.refreshToken),
        access_expires_at: new Date(Date.now() + tokens.expiresIn * 1000),
      };
      // Connecting the same organisation again (typically one in error) renews that integration in
      // place: one row per tenant, source and organisation, keeping its dataset and sync history.
      const existing = await trx
        .selectFrom('integrations')
        .select(['id', 'status', 'refresh_token_enc'])
        .where('source_id', '=', source.id)
        .where('external_tenant_id', '=', connection.tenantId)
        .where((eb) =>
          pending.tenant_id === null
            ? eb('tenant_id', 'is', null)
            : eb('tenant_id', '=', pending.tenant_id),
        )
        .forUpdate()
        .executeTakeFirst();
      let id: string;
      if (existing) {
        await trx.updateTable('integrations').set(secrets).where('id', '=', existing.id).execute();
        if (existing.status !== 'error')
          superseded.push(deps.cipher.decrypt(existing.refresh_token_enc));
        id = existing.id;
      } else {
        const row = await trx
          .insertInto('integrations')
          .values({
            ...secrets,
            tenant_id: pending.tenant_id,
            source_id: source.id,
            external_tenant_id: connection.tenantId,
            created_by: starter.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
      }
      // The first sync runs as soon as a worker polls the queue; it then repeats on its interval.
      await scheduleJob(trx, 'integration.sync', id, new Date());
      await audit(trx, {
        action: existing ? 'integration.reconnect' : 'integration.connect',
        actor: actor.principal,
        ip,
        tenantId: pending.tenant_id,
        target: `integration:${id}`,
        details: { source: source.id, organisation: connection.tenantName },
      });
    }
  });
  for (const refreshToken of superseded) {
    await deps.xero.revoke(refreshToken).catch(() => undefined);
  }
  return back({ success: 'connected', source: source.name });
}
