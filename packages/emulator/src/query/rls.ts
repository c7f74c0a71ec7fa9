import type { EffectiveIdentity } from '../auth/claims.ts';
import { badRequest } from '../errors.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { quoteIdent, type SqlParams } from './sql-params.ts';

/** The identity of a token that applies to a dataset: one listing it, or one listing no datasets. */
export function identityFor(
  identities: EffectiveIdentity[],
  datasetId: string,
): EffectiveIdentity | undefined {
  return (
    identities.find((identity) => identity.datasets.includes(datasetId)) ??
    identities.find((identity) => identity.datasets.length === 0)
  );
}

/** Validates identity roles against a model (GenerateToken and mintToken reject unknown roles). */
export function checkIdentityRoles(
  model: SemanticModel,
  identity: EffectiveIdentity,
  where: string,
): void {
  for (const role of identity.roles) {
    if (!model.roles.some((candidate) => candidate.name === role)) {
      throw badRequest(
        `Role "${role}" does not exist in the dataset; known roles: ${model.roles.map((r) => r.name).join(', ')}`,
        where,
      );
    }
  }
}

/**
 * Row-level security as a SQL condition. With an identity, a row is visible when it passes any of
 * the identity's roles (roles combine with OR, as in the cloud); an identity without roles sees
 * nothing. Without an identity the token sees the whole model (the cloud allows this for app-owned
 * data when the dataset's RLS is not enforced for the caller) — the emulator documents it.
 */
export function rlsCondition(
  model: SemanticModel,
  identity: EffectiveIdentity | undefined,
  params: SqlParams,
): string | undefined {
  if (!identity) return undefined;
  const parts = identity.roles.map((roleName) => {
    const role = model.roles.find((candidate) => candidate.name === roleName);
    if (!role) return 'FALSE';
    const column = model.tables
      .flatMap((table) => table.columns)
      .find((c) => c.name === role.column);
    const value = params.add(identity.username);
    // ENUM columns compare by code; a username that is no member casts to NULL and matches nothing.
    const bound = column?.enumType ? `TRY_CAST(${value} AS ${quoteIdent(column.enumType)})` : value;
    return `COALESCE(${quoteIdent(role.column)} = ${bound}, FALSE)`;
  });
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'FALSE';
}
