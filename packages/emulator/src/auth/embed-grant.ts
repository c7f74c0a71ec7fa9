import type { EmulatorContext } from '../context.ts';
import { badRequest, EmulatorError, notFound } from '../errors.ts';
import { checkIdentityRoles } from '../query/rls.ts';
import type { EffectiveIdentity, EmbedGrant } from './claims.ts';

/** The resources an embed token asks for (GenerateToken V2 body, per-item GenerateToken, mintToken). */
export interface GrantRequest {
  reports?: { id: string; allowEdit?: boolean }[];
  datasets?: { id: string }[];
  dashboards?: string[];
  tiles?: string[];
  targetWorkspaces?: { id: string }[];
  identities?: { username: string; roles?: string[]; datasets?: string[]; customData?: string }[];
  /** Shortens the default lifetime; 0 or absent means the default. */
  lifetimeInMinutes?: number;
}

const maxItems = 50;

/**
 * Validates a grant against the catalogue and returns the claims to sign plus the expiry.
 * `principal` (the calling app) must be a member of every workspace involved; `undefined` skips that
 * check (the in-process mintToken of the test kit). `notAfter` caps the expiry (the app token's).
 */
export function buildGrant(
  context: EmulatorContext,
  principal: string | undefined,
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
  ] as const) {
    if (list.length > maxItems) throw badRequest(`At most ${maxItems} ${name} may be listed`, name);
  }
  if (reports.length + datasets.length + dashboards.length + tiles.length === 0) {
    throw badRequest('The request must list at least one report or dataset', 'reports');
  }
  const checkMember = (groupId: string) => {
    if (principal !== undefined && !registry.isMember(groupId, principal)) {
      throw new EmulatorError(
        'PowerBINotAuthorizedException',
        'The caller is not a member of the workspace',
      );
    }
  };
  for (const report of reports) {
    const record = registry.reports.get(report.id);
    if (!record) throw notFound(`Report ${report.id}`);
    checkMember(record.groupId);
  }
  for (const dataset of datasets) {
    const record = registry.datasets.get(dataset.id);
    if (!record) throw notFound(`Dataset ${dataset.id}`);
    checkMember(record.groupId);
  }
  for (const workspace of targetWorkspaces) {
    if (!registry.workspaces.has(workspace.id)) throw notFound(`Workspace ${workspace.id}`);
    checkMember(workspace.id);
  }
  for (const id of dashboards) {
    const record = registry.dashboards.get(id);
    if (!record) throw notFound(`Dashboard ${id}`);
    checkMember(record.groupId);
  }
  for (const id of tiles) {
    const found = registry.findTile(id);
    if (!found) throw notFound(`Tile ${id}`);
    checkMember(found.dashboard.groupId);
  }

  const coveredDatasets = new Set([
    ...datasets.map((d) => d.id),
    ...reports.map((r) => registry.reports.get(r.id)?.definition.datasetId ?? ''),
  ]);
  const identities: EffectiveIdentity[] = (request.identities ?? []).map((identity, index) => {
    const where = `identities[${index}]`;
    if (
      typeof identity.username !== 'string' ||
      identity.username.length === 0 ||
      identity.username.length > 256
    ) {
      throw badRequest('username is required (1-256 characters)', `${where}.username`);
    }
    const resolved: EffectiveIdentity = {
      username: identity.username,
      roles: identity.roles ?? [],
      datasets: identity.datasets ?? [],
      ...(identity.customData !== undefined ? { customData: identity.customData } : {}),
    };
    const targets = resolved.datasets.length > 0 ? resolved.datasets : [...coveredDatasets];
    for (const datasetId of targets) {
      if (!coveredDatasets.has(datasetId)) {
        throw badRequest(
          `Identity dataset ${datasetId} is not one of the token's datasets or reports' datasets`,
          `${where}.datasets`,
        );
      }
      const model = registry.datasets.get(datasetId)?.model;
      if (model && model.roles.length === 0) {
        throw badRequest(
          `Creating embed token for dataset ${datasetId} shouldn't have effective identity`,
          where,
        );
      }
      if (model) checkIdentityRoles(model, resolved, `${where}.roles`);
    }
    return resolved;
  });

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
  return {
    grant: {
      reports: reports.map((r) => ({ id: r.id, allowEdit: r.allowEdit === true })),
      datasets: [...coveredDatasets],
      dashboards,
      tiles,
      targetWorkspaces: targetWorkspaces.map((w) => w.id),
      identities,
    },
    exp,
  };
}
