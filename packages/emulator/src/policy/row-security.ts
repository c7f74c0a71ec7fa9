import type { EffectiveIdentity, TokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { checkIdentityRoles, identityFor } from '../query/rls.ts';
import type { DatasetRecord } from '../state/records.ts';
import { forbidden, identityRequired } from './denials.ts';
import { can } from './workspace-roles.ts';

/**
 * The RLS identity a query over `dataset` runs with; undefined means every row. A dataset without
 * roles is open. With roles (isEffectiveIdentityRequired), an embed token must carry an identity
 * naming this very dataset — an identity for another dataset never applies — and an app token sees
 * every row only when its role is above Viewer (the service applies RLS to Viewers only).
 */
export function queryIdentity(
  context: EmulatorContext,
  claims: TokenClaims,
  dataset: DatasetRecord,
): EffectiveIdentity | undefined {
  if (dataset.model.roles.length === 0) return undefined;
  if (claims.typ === 'app') {
    if (can(context.registry, dataset.groupId, claims.sub, 'readAllRows')) return undefined;
    throw forbidden(identityRequired(dataset.id));
  }
  const identity = claims.identities.find((candidate) => candidate.datasets.includes(dataset.id));
  if (!identity) throw forbidden(identityRequired(dataset.id));
  return identity;
}

/**
 * Export To File over an RLS dataset: the export body's identity for the dataset applies (its roles
 * must exist); without one, only a role above Viewer may export every row.
 */
export function exportIdentity(
  context: EmulatorContext,
  principal: string,
  dataset: DatasetRecord,
  identities: EffectiveIdentity[],
): EffectiveIdentity | undefined {
  if (dataset.model.roles.length === 0) return undefined;
  const identity = identityFor(identities, dataset.id);
  if (identity) {
    checkIdentityRoles(dataset.model, identity, 'identities');
    return identity;
  }
  if (can(context.registry, dataset.groupId, principal, 'readAllRows')) return undefined;
  throw forbidden(identityRequired(dataset.id));
}
