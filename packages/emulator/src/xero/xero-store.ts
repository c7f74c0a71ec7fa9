import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** A registered app of the local Xero provider. No redirectUris: any http(s) URI is accepted. */
export interface XeroClient {
  clientId: string;
  clientSecret: string;
  redirectUris?: string[];
}

export interface XeroOrganisation {
  tenantId: string;
  tenantType: 'ORGANISATION' | 'PRACTICEMANAGER';
  /** XPM connections may have no name, as in Xero. */
  tenantName: string | null;
}

export interface XeroConnection extends XeroOrganisation {
  id: string;
  authEventId: string;
  createdDateUtc: string;
  updatedDateUtc: string;
}

/** One consent: what the user allowed an app, and the organisations it connected. */
interface Grant {
  clientId: string;
  scope: string;
  connections: XeroConnection[];
}

interface PendingCode {
  grantId: string;
  clientId: string;
  redirectUri: string;
  codeChallenge?: string;
  expiresAt: number;
}

interface RefreshEntry {
  grantId: string;
  expiresAt: number;
  /** When a refresh replaced it: it stays usable for the grace period, as at Xero. */
  supersededAt?: number;
}

export const accessTokenSeconds = 30 * 60;
const refreshTokenMs = 60 * 24 * 3_600_000;
const graceMs = 30 * 60_000;
const codeMs = 5 * 60_000;

const opaque = () => randomBytes(32).toString('base64url');

/** The demo organisations every consent connects: an accounting org, or a practice for XPM scopes. */
export const demoOrganisations: Record<'accounting' | 'practice', XeroOrganisation> = {
  accounting: {
    tenantId: '7a1d8b2e-5c3f-4e6a-9b0d-1f2e3d4c5b6a',
    tenantType: 'ORGANISATION',
    tenantName: 'Canopy Demo Company',
  },
  practice: {
    tenantId: '3c9e7f1a-2b4d-4a8c-8e6f-0a1b2c3d4e5f',
    tenantType: 'PRACTICEMANAGER',
    tenantName: null,
  },
};

export type TokenResult =
  | { ok: true; accessToken: string; refreshToken: string; scope: string }
  | {
      ok: false;
      error: 'invalid_grant' | 'invalid_client' | 'invalid_request';
      description: string;
    };

/** What `snapshot()` writes and `restore()` reads: consents and their live tokens, not codes. */
export interface XeroStoreSnapshot {
  version: 1;
  grants: [string, Grant][];
  accessTokens: [string, { grantId: string; expiresAt: number }][];
  refreshTokens: [string, RefreshEntry][];
}

/**
 * The provider's state: authorization codes (single use, 5 minutes, PKCE), access tokens (30
 * minutes), refresh tokens (rotated on every use, 60 days, the previous one honoured for a 30-minute
 * grace period) and the connections each consent made. In memory, and with a data folder also in a
 * file (`snapshot` / `restore`), so an app stays connected across emulator restarts.
 */
export class XeroStore {
  private readonly grants = new Map<string, Grant>();
  private readonly codes = new Map<string, PendingCode>();
  private readonly accessTokens = new Map<string, { grantId: string; expiresAt: number }>();
  private readonly refreshTokens = new Map<string, RefreshEntry>();

  constructor(
    readonly clients: XeroClient[],
    private readonly now: () => number = Date.now,
  ) {}

  /** Consents and tokens as plain JSON (authorization codes live 5 minutes and are left out). */
  snapshot(): XeroStoreSnapshot {
    return {
      version: 1,
      grants: [...this.grants],
      accessTokens: [...this.accessTokens],
      refreshTokens: [...this.refreshTokens],
    };
  }

  /** Replaces the state with a snapshot's; one of another version is ignored. */
  restore(snapshot: XeroStoreSnapshot): void {
    if (snapshot.version !== 1) return;
    this.grants.clear();
    this.accessTokens.clear();
    this.refreshTokens.clear();
    this.codes.clear();
    for (const [id, grant] of snapshot.grants) this.grants.set(id, grant);
    for (const [token, entry] of snapshot.accessTokens) this.accessTokens.set(token, entry);
    for (const [token, entry] of snapshot.refreshTokens) this.refreshTokens.set(token, entry);
  }

  client(clientId: string): XeroClient | undefined {
    return this.clients.find((candidate) => candidate.clientId === clientId);
  }

  redirectAllowed(client: XeroClient, redirectUri: string): boolean {
    if (client.redirectUris) return client.redirectUris.includes(redirectUri);
    try {
      return ['http:', 'https:'].includes(new URL(redirectUri).protocol);
    } catch {
      return false;
    }
  }

  /** The user allowed access: a consent with its connections, and a code for the app. */
  consent(options: {
    clientId: string;
    scope: string;
    redirectUri: string;
    codeChallenge?: string;
  }): string {
    const authEventId = randomUUID();
    const at = new Date(this.now()).toISOString();
    const organisation = /\bpracticemanager\b/.test(options.scope)
      ? demoOrganisations.practice
      : demoOrganisations.accounting;
    const grantId = randomUUID();
    this.grants.set(grantId, {
      clientId: options.clientId,
      scope: options.scope,
      connections: [
        {
          id: randomUUID(),
          ...organisation,
          authEventId,
          createdDateUtc: at,
          updatedDateUtc: at,
        },
      ],
    });
    const code = opaque();
    this.codes.set(code, {
      grantId,
      clientId: options.clientId,
      redirectUri: options.redirectUri,
      codeChallenge: options.codeChallenge,
      expiresAt: this.now() + codeMs,
    });
    return code;
  }

  exchangeCode(options: {
    clientId: string;
    code: string;
    redirectUri: string;
    codeVerifier?: string;
  }): TokenResult {
    const pending = this.codes.get(options.code);
    // Single use: a code is gone after its first exchange, successful or not.
    this.codes.delete(options.code);
    if (!pending || pending.expiresAt < this.now() || pending.clientId !== options.clientId) {
      return { ok: false, error: 'invalid_grant', description: 'The code is invalid or expired' };
    }
    if (pending.redirectUri !== options.redirectUri) {
      return { ok: false, error: 'invalid_grant', description: 'redirect_uri does not match' };
    }
    if (pending.codeChallenge !== undefined) {
      const verifier = options.codeVerifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== pending.codeChallenge) {
        return { ok: false, error: 'invalid_grant', description: 'code_verifier does not match' };
      }
    }
    return this.issue(pending.grantId);
  }

  refresh(clientId: string, refreshToken: string): TokenResult {
    const entry = this.refreshTokens.get(refreshToken);
    const grant = entry ? this.grants.get(entry.grantId) : undefined;
    const now = this.now();
    if (
      !entry ||
      !grant ||
      grant.clientId !== clientId ||
      entry.expiresAt < now ||
      (entry.supersededAt !== undefined && now - entry.supersededAt > graceMs)
    ) {
      return { ok: false, error: 'invalid_grant', description: 'The refresh token is invalid' };
    }
    entry.supersededAt ??= now;
    return this.issue(entry.grantId);
  }

  /** Revokes a refresh token: the consent, its tokens and its connections are gone. */
  revoke(clientId: string, token: string): void {
    const entry = this.refreshTokens.get(token);
    if (!entry || this.grants.get(entry.grantId)?.clientId !== clientId) return;
    this.dropGrant(entry.grantId);
  }

  /** The consent behind a live access token. */
  grantOf(accessToken: string): { grantId: string; grant: Grant } | undefined {
    const entry = this.accessTokens.get(accessToken);
    if (!entry || entry.expiresAt < this.now()) return undefined;
    const grant = this.grants.get(entry.grantId);
    return grant ? { grantId: entry.grantId, grant } : undefined;
  }

  disconnect(grantId: string, connectionId: string): boolean {
    const grant = this.grants.get(grantId);
    const index = grant?.connections.findIndex((connection) => connection.id === connectionId);
    if (!grant || index === undefined || index < 0) return false;
    grant.connections.splice(index, 1);
    return true;
  }

  private issue(grantId: string): TokenResult {
    const grant = this.grants.get(grantId);
    if (!grant) return { ok: false, error: 'invalid_grant', description: 'The grant was revoked' };
    const accessToken = opaque();
    const refreshToken = opaque();
    const now = this.now();
    this.accessTokens.set(accessToken, { grantId, expiresAt: now + accessTokenSeconds * 1000 });
    this.refreshTokens.set(refreshToken, { grantId, expiresAt: now + refreshTokenMs });
    return { ok: true, accessToken, refreshToken, scope: grant.scope };
  }

  private dropGrant(grantId: string): void {
    this.grants.delete(grantId);
    for (const [token, entry] of this.accessTokens) {
      if (entry.grantId === grantId) this.accessTokens.delete(token);
    }
    for (const [token, entry] of this.refreshTokens) {
      if (entry.grantId === grantId) this.refreshTokens.delete(token);
    }
  }
}
