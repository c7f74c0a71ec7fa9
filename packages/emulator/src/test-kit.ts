import type { EmbedGrant } from './auth/claims.ts';
import { buildGrant, type GrantRequest } from './policy/grant-policy.ts';
import type { EmulatorContext } from './context.ts';

/** Options of `mintToken`: what the embed token covers, for whom, and for how long. */
export interface MintTokenOptions {
  /** Report ids, or `{ id, allowEdit }`. */
  reports?: (string | { id: string; allowEdit?: boolean })[];
  datasets?: string[];
  dashboards?: string[];
  tiles?: string[];
  /** Workspaces saveAs/create may write into. */
  targetWorkspaces?: string[];
  /** Edit tokens: saveAs may copy an editable report into its own workspace. */
  allowSaveAs?: boolean;
  /**
   * RLS identities: `{ username, roles, datasets?, customData? }`. Datasets with RLS roles (the
   * sample "Sales (RLS)") need one, as GenerateToken does; without `datasets` an identity applies
   * to every RLS dataset of the token.
   */
  identities?: { username: string; roles?: string[]; datasets?: string[]; customData?: string }[];
  /** Shortens the default lifetime (minutes). */
  lifetimeInMinutes?: number;
  /** Exact lifetime in seconds; 0 or negative gives an already expired token (for expiry tests). */
  expiresInSeconds?: number;
}

export interface MintedToken {
  token: string;
  tokenId: string;
  expiration: string;
}

/**
 * Mints an embed token without the REST round-trip (the test kit's shortcut). Called with no
 * resources it covers every sample report (with allowEdit), dataset and dashboard, and allows saveAs
 * into the sample workspace.
 */
export function mintEmbedToken(
  context: EmulatorContext,
  options: MintTokenOptions = {},
): MintedToken {
  const { sample } = context;
  const empty = !options.reports && !options.datasets && !options.dashboards && !options.tiles;
  const request: GrantRequest = empty
    ? {
        reports: [
          { id: sample.salesReportId, allowEdit: true },
          { id: sample.paginatedReportId, allowEdit: false },
        ],
        datasets: [{ id: sample.datasetId }],
        dashboards: [sample.dashboardId],
        targetWorkspaces: [{ id: sample.groupId }],
      }
    : {
        reports: (options.reports ?? []).map((report) =>
          typeof report === 'string' ? { id: report } : report,
        ),
        datasets: (options.datasets ?? []).map((id) => ({ id })),
        dashboards: options.dashboards ?? [],
        tiles: options.tiles ?? [],
        targetWorkspaces: (options.targetWorkspaces ?? []).map((id) => ({ id })),
      };
  if (empty && options.targetWorkspaces)
    request.targetWorkspaces = options.targetWorkspaces.map((id) => ({ id }));
  if (options.identities) request.identities = options.identities;
  if (options.allowSaveAs !== undefined) request.allowSaveAs = options.allowSaveAs;
  if (options.lifetimeInMinutes !== undefined)
    request.lifetimeInMinutes = options.lifetimeInMinutes;
  const built: { grant: EmbedGrant; exp: number } = buildGrant(context, undefined, request);
  const exp =
    options.expiresInSeconds !== undefined
      ? context.tokens.nowSeconds() + options.expiresInSeconds
      : built.exp;
  const principal = context.config.clients[0]?.clientId ?? 'test-kit';
  const issued = context.tokens.issueEmbedToken(principal, built.grant, exp);
  return {
    token: issued.token,
    tokenId: issued.tokenId,
    expiration: new Date(exp * 1000).toISOString(),
  };
}
