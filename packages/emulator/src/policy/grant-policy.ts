import type { EffectiveIdentity, EmbedGrant } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { badRequest, EmulatorError, notFound } from '../errors.ts';
import { checkIdentityRoles } from '../query/rls.ts';
import { forbidden, identityRequired, notMember } from './denials.ts';
import { hasCapability, roleOf, type Capability } from './workspace-roles.ts';

/** The resources an embed token asks for (GenerateToken V2 body, per-item GenerateToken, mintToken). */
export interface GrantRequest {
  reports?: { id: string; allowEdit?: boolean }[];
  datasets?: { id: string }[];
  dashboards?: string[];
  tiles?: string[];
  targetWorkspaces?: { id: string }[];
  /** V1 Edit tokens: whether the report may be saved as a copy in its own workspace. */
  allowSaveAs?: boolean;
  identities?: {
    username: string;
    roles?: string[];
    datasets?: string[];
    customData?: string;
  }[];
  /** Shortens the default lifetime; 0 or absent means the default. */
  lifetimeInMinutes?: number;
}

/** Who asks: the calling principal, and the workspace the URL names (per-item GenerateToken). */
export interface GrantCaller {
  principal: string;
  workspaceId?: string;
}

/**
 * Bounds of one token. The service allows 50 reports, 50 datasets and 50 target workspaces per
 * GenerateToken and 50 roles per identity; the identity count and sizes are the emulator's own, so
 * that a token always fits in an Authorization header (Node refuses headers over 16 KB).
 */
export const grantLimits = {
  items: 50,
  identities: 50,
  rolesPerIdentity: 50,
  datasetsPerIdentity: 50,
  usernameLength: 256,
  customDataLength: 1024,
  /** Serialized claims; the signed token is about 4/3 of this plus 100 characters. */
  grantBytes: 8192,
} as const;

/**
 * Checks a GenerateToken request against the catalogue and the caller's workspace roles and returns
 * the claims to sign plus the expiry. `caller` undefined is the in-process mintToken of the test kit:
 * no role checks, every other rule applies. `notAfter` caps the expiry (the app token's).
 */
export function buildGrant(
  context: EmulatorContext,
  caller: GrantCaller | undefined,
  request: GrantRequest,
  notAfter?: number,
): { grant: EmbedGrant; exp: number } {
  const { registry } = context;
  const reports = request.reports ?? [];
  const datasets = request.datasets ?? [];
  const targetWorkspaces = request.targetWorkspaces ?? [];
  const dashboards = request.dashboards ?? [];
  const tiles = request.tiles ?? [];
  for (const [name, list] of [
    ['reports', reports],
    ['datasets', datasets],
    ['targetWorkspaces', targetWorkspaces],
    ['dashboards', dashboards],
    ['tiles', tiles],
  ] as const) {
    if (list.length > grantLimits.items)
      throw badRequest(`At most ${grantLimits.items} ${name} may be listed`, name);
  }
  if (reports.length + datasets.length + dashboards.length + tiles.length === 0) {
    throw badRequest('The request must list at least one report or dataset', 'reports');
  }

  /** Every item must sit in the URL's workspace (if any) and be reachable with the capability. */
  const check = (groupId: string, capability: Capability, what: string) => {
    if (!caller) return;
    if (caller.workspaceId !== undefined && groupId !== caller.workspaceId) {
      throw forbidden(`${what} is not in workspace ${caller.workspaceId}`);
    }
    const role = roleOf(registry, groupId, caller.principal);
    if (!role) throw notMember();
    if (!hasCapability(role, capability)) {
      throw forbidden(
        capability === 'embedView'
          ? `The ${role} role cannot embed ${what}`
          : `The ${role} role cannot generate ${capability === 'embedEdit' ? 'Edit' : 'Create'} tokens for ${what}`,
      );
    }
  };
  const pinnedDatasets = new Set<string>();
  const datasetOfReport = (reportId: string) => {
    const definition = registry.reports.get(reportId)?.definition;
    return definition && definition.reportType !== 'PaginatedReport'
      ? definition.datasetId
      : undefined;
  };
  for (const report of reports) {
    const record = registry.reports.get(report.id);
    if (!record) throw notFound(`Report ${report.id}`);
    check(record.groupId, report.allowEdit ? 'embedEdit' : 'embedView', `report ${report.id}`);
  }
  for (const dataset of datasets) {
    const record = registry.datasets.get(dataset.id);
    if (!record) throw notFound(`Dataset ${dataset.id}`);
    check(record.groupId, 'embedView', `dataset ${dataset.id}`);
  }
  for (const workspace of targetWorkspaces) {
    if (!registry.workspaces.has(workspace.id)) throw notFound(`Workspace ${workspace.id}`);
    check(workspace.id, 'embedCreate', `workspace ${workspace.id}`);
  }
  for (const id of dashboards) {
    const record = registry.dashboards.get(id);
    if (!record) throw notFound(`Dashboard ${id}`);
    check(record.groupId, 'embedView', `dashboard ${id}`);
    for (const tile of record.definition.tiles) {
      const datasetId = datasetOfReport(tile.reportId);
      if (datasetId) pinnedDatasets.add(datasetId);
    }
  }
  for (const id of tiles) {
    const found = registry.findTile(id);
    if (!found) throw notFound(`Tile ${id}`);
    check(found.dashboard.groupId, 'embedView', `tile ${id}`);
    const tile = found.dashboard.definition.tiles[found.tileIndex];
    const datasetId = tile ? datasetOfReport(tile.reportId) : undefined;
    if (datasetId) pinnedDatasets.add(datasetId);
  }

  // Datasets the token may query: listed ones and those of listed reports. Tiles and dashboards
  // do not open their datasets to arbitrary queries, but their identities still apply.
  const coveredDatasets = new Set([
    ...datasets.map((d) => d.id),
    ...reports.flatMap((r) => datasetOfReport(r.id) ?? []),
  ]);
  const rlsScope = new Set([...coveredDatasets, ...pinnedDatasets]);
  const identities = resolveIdentities(context, request.identities ?? [], rlsScope);

  const lifetime = request.lifetimeInMinutes ?? 0;
  if (!Number.isInteger(lifetime) || lifetime < 0) {
    throw badRequest('lifetimeInMinutes must be a non-negative integer', 'lifetimeInMinutes');
  }
  const defaultMinutes = context.config.embedTokenLifetimeMinutes;
  const minutes = lifetime === 0 ? defaultMinutes : Math.min(lifetime, defaultMinutes);
  const exp = Math.min(
    context.tokens.nowSeconds() + minutes * 60,
    notAfter ?? Number.POSITIVE_INFINITY,
  );
  const grant: EmbedGrant = {
    reports: reports.map((r) => ({ id: r.id, allowEdit: r.allowEdit === true })),
    datasets: [...coveredDatasets],
    dashboards: [...new Set(dashboards)],
    tiles: [...new Set(tiles)],
    targetWorkspaces: targetWorkspaces.map((w) => w.id),
    allowSaveAs: request.allowSaveAs === true,
    identities,
  };
  if (JSON.stringify(grant).length > grantLimits.grantBytes) {
    throw badRequest(
      `The embed token would carry more than ${grantLimits.grantBytes} bytes of claims; list fewer items or identities`,
      'identities',
    );
  }
  return { grant, exp };
}

const invalid = (message: string, target: string) =>
  new EmulatorError('InvalidRequest', message, [{ message, target }]);

/**
 * Effective identities, each bound to explicit datasets. An identity without datasets applies to
 * every RLS dataset of the token. A dataset with RLS roles needs an identity; one without roles
 * refuses them (the service's texts for both).
 */
function resolveIdentities(
  context: EmulatorContext,
  requested: NonNullable<GrantRequest['identities']>,
  rlsScope: Set<string>,
): EffectiveIdentity[] {
  const { registry } = context;
  if (requested.length > grantLimits.identities) {
    throw badRequest(`At most ${grantLimits.identities} identities may be listed`, 'identities');
  }
  const secured = [...rlsScope].filter(
    (id) => (registry.datasets.get(id)?.model.roles.length ?? 0) > 0,
  );
  const resolved = requested.map((identity, index): EffectiveIdentity => {
    const where = `identities[${index}]`;
    if (
      typeof identity.username !== 'string' ||
      identity.username.length === 0 ||
      identity.username.length > grantLimits.usernameLength
    ) {
      throw badRequest(
        `username is required (1-${grantLimits.usernameLength} characters)`,
        `${where}.username`,
      );
    }
    const roles = identity.roles ?? [];
    if (roles.length > grantLimits.rolesPerIdentity)
      throw badRequest(
        `At most ${grantLimits.rolesPerIdentity} roles per identity`,
        `${where}.roles`,
      );
    const named = identity.datasets ?? [];
    if (named.length > grantLimits.datasetsPerIdentity)
      throw badRequest(
        `At most ${grantLimits.datasetsPerIdentity} datasets per identity`,
        `${where}.datasets`,
      );
    if (
      identity.customData !== undefined &&
      identity.customData.length > grantLimits.customDataLength
    )
      throw badRequest(
        `customData must be at most ${grantLimits.customDataLength} characters`,
        `${where}.customData`,
      );
    const targets = named.length > 0 ? [...new Set(named)] : secured;
    if (targets.length === 0) {
      const [first] = rlsScope;
      throw invalid(
        `Creating embed token for dataset ${first ?? ''} shouldn't have effective identity`,
        where,
      );
    }
    const result: EffectiveIdentity = {
      username: identity.username,
      roles,
      datasets: targets,
      ...(identity.customData !== undefined ? { customData: identity.customData } : {}),
    };
    for (const datasetId of targets) {
      if (!rlsScope.has(datasetId)) {
        throw badRequest(
          `Identity dataset ${datasetId} is not one of the token's datasets or reports' datasets`,
          `${where}.datasets`,
        );
      }
      const model = registry.datasets.get(datasetId)?.model;
      if (model && model.roles.length === 0) {
        throw invalid(
          `Creating embed token for dataset ${datasetId} shouldn't have effective identity`,
          where,
        );
      }
      if (model) checkIdentityRoles(model, result, `${where}.roles`);
    }
    return result;
  });
  for (const datasetId of secured) {
    if (!resolved.some((identity) => identity.datasets.includes(datasetId))) {
      throw invalid(identityRequired(datasetId), 'identities');
    }
  }
  return resolved;
}
