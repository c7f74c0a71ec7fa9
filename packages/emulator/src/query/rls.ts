import type { EffectiveIdentity } from '../auth/claims.ts';
import { badRequest } from '../errors.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { quoteIdent, type SqlParams } from './sql-params.ts';

/**
 * The identity that applies to a dataset: the one naming it. An identity for another dataset never
 * applies (GenerateToken gives every identity explicit datasets); export bodies may omit datasets,
 * and then their identity applies to the report's dataset.
 */
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
 * nothing, and a customData role without customData matches nothing. No identity means no filter:
 * the policy (policy/row-security.ts) only allows that to callers that may see every row.
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
    const matched = role.matches === 'customData' ? identity.customData : identity.username;
    if (matched === undefined) return 'FALSE';
    const value = params.add(matched);
    // ENUM columns compare by code; a username that is no member casts to NULL and matches nothing.
    const bound = column?.enumType ? `TRY_CAST(${value} AS ${quoteIdent(column.enumType)})` : value;
    return `COALESCE(${quoteIdent(role.column)} = ${bound}, FALSE)`;
  });
  return parts.length > 0 ? `(${parts.join(' OR ')})` : 'FALSE';
}
