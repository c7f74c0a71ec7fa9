import type { JwtBase } from './jwt.ts';

/** An effective identity (row-level security) carried by an embed token. */
export interface EffectiveIdentity {
  username: string;
  roles: string[];
  /** Dataset ids it applies to (GenerateToken resolves an identity without datasets to the token's RLS datasets). */
  datasets: string[];
  customData?: string;
}

/** An Entra-style app token from the client-credentials endpoint. */
export interface AppTokenClaims extends JwtBase {
  typ: 'app';
  /** The client id (service principal). */
  sub: string;
  appid: string;
  tid: string;
  aud: string;
}

/** An embed token from GenerateToken (or mintToken). Lists exactly what it covers. */
export interface EmbedTokenClaims extends JwtBase {
  typ: 'embed';
  /** The principal that generated it. */
  sub: string;
  reports: { id: string; allowEdit: boolean }[];
  datasets: string[];
  dashboards: string[];
  tiles: string[];
  targetWorkspaces: string[];
  /** V1 Edit tokens: saveAs may copy a report it edits into that report's workspace. */
  allowSaveAs: boolean;
  identities: EffectiveIdentity[];
}

export type TokenClaims = AppTokenClaims | EmbedTokenClaims;

/** What an embed token grants, before it is signed. */
export type EmbedGrant = Pick<
  EmbedTokenClaims,
  | 'reports'
  | 'datasets'
  | 'dashboards'
  | 'tiles'
  | 'targetWorkspaces'
  | 'allowSaveAs'
  | 'identities'
>;
