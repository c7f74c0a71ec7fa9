import type { Integration } from '@canopy/portal-contract';
import type { Db } from '../../db/database.ts';
import { AppError, isAppError } from '../../errors.ts';
import { auditChange } from '../audit/audit.service.ts';
import type { Actor } from '../../shared/actor.ts';
import { cancelJob } from '../jobs/job-queue.ts';
import { toIntegration } from './integration-dto.ts';
import {
  findIntegration,
  listIntegrationRows,
  lockIntegration,
} from './integrations.repository.ts';
import type { TokenCipher } from '../../shared/token-cipher.ts';
import type { XeroClient } from './xero-client.ts';

export interface IntegrationDeps {
  db: Db;
  xero: XeroClient | undefined;
  cipher: TokenCipher;
}

/** Refresh this long before the access token expires (Xero's last 30 minutes). */
const refreshAheadMs = 5 * 60_000;

export async function listIntegrations(db: Db, tenantId?: string): Promise<Integration[]> {
  if (tenantId) {
    const tenant = await db
      .selectFrom('tenants')
      .select('id')
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!tenant) throw new AppError('TENANT_NOT_FOUND');
  }
  return (await listIntegrationRows(db, tenantId)).map(toIntegration);
}

const provider = (deps: IntegrationDeps) => {
  if (!deps.xero) throw new AppError('INTEGRATIONS_UNAVAILABLE');
  return deps.xero;
};

/**
 * A usable access token for the integration, refreshed (with rotation: the new refresh token
 * replaces the old) when it expires within five minutes. The row is locked for the refresh, so two
 * server instances never spend the same refresh token. A refused refresh marks the integration
 * `error` (the SPA shows it red and it must be reconnected).
 */
export async function freshAccessToken(
  deps: IntegrationDeps,
  integrationId: string,
): Promise<string> {
  const xero = provider(deps);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const row = await lockIntegration(trx, integrationId);
    if (!row) throw new AppError('INTEGRATION_NOT_FOUND');
    if (row.access_expires_at.getTime() - Date.now() > refreshAheadMs) {
      return { token: deps.cipher.decrypt(row.access_token_enc) };
    }
    try {
      const tokens = await xero.refresh(deps.cipher.decrypt(row.refresh_token_enc));
      await trx
        .updateTable('integrations')
        .set({
          access_token_enc: deps.cipher.encrypt(tokens.accessToken),
          refresh_token_enc: deps.cipher.encrypt(tokens.refreshToken),
          access_expires_at: new Date(Date.now() + tokens.expiresIn * 1000),
          status: 'active',
          last_error: null,
          updated_at: new Date(),
        })
        .where('id', '=', integrationId)
        .execute();
      return { token: tokens.accessToken };
    } catch (error) {
      if (!isAppError(error) || error.code !== 'INTEGRATION_AUTH_FAILED') throw error;
      await trx
        .updateTable('integrations')
        .set({ status: 'error', last_error: 'refresh_refused', updated_at: new Date() })
        .where('id', '=', integrationId)
        .execute();
      return { refused: true as const };
    }
  });
  if (outcome.token === undefined) throw new AppError('INTEGRATION_AUTH_FAILED');
  return outcome.token;
}

/** Disconnect: the connection and the tokens are revoked at the provider, then the row goes. */
export async function disconnectIntegration(
  deps: IntegrationDeps,
  actor: Actor,
  integrationId: string,
): Promise<void> {
  const row = await findIntegration(deps.db, integrationId);
  if (!row) throw new AppError('INTEGRATION_NOT_FOUND');
  // An integration already refused by the provider has nothing left to revoke there.
  if (row.status !== 'error') {
    await provider(deps).revoke(deps.cipher.decrypt(row.refresh_token_enc));
  }
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('integrations').where('id', '=', integrationId).execute();
    await cancelJob(trx, 'integration.sync', integrationId);
    await auditChange(trx, actor, {
      action: 'integration.disconnect',
      tenantId: row.tenant_id,
      target: `integration:${integrationId}`,
      details: { source: row.source_id, organisation: row.external_tenant_name },
    });
  });
}
