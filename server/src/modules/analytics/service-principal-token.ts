import { AppError } from '../../errors.ts';
import type { AnalyticsSettings } from './analytics-settings.ts';

/** Renew this long before expiry, in the background while the current token still serves. */
const renewAheadMs = 5 * 60_000;
/** Below this remaining lifetime the current token is not handed out any more. */
const minimumLifetimeMs = 30_000;

interface Cached {
  value: string;
  expiresAt: number;
}

/**
 * The service principal's client-credentials token, cached. Requests use the cached token; one
 * renewal runs at a time (concurrent callers share it), started early so the token endpoint stays
 * off the request path: only the very first call and a call after a long idle period wait for it.
 */
export class ServicePrincipalToken {
  private cached: Cached | undefined;
  private pending: Promise<Cached> | undefined;

  constructor(
    private readonly settings: AnalyticsSettings,
    private readonly timeoutMs: number,
  ) {}

  async get(): Promise<string> {
    const now = Date.now();
    const cached = this.cached;
    if (cached && cached.expiresAt - now > minimumLifetimeMs) {
      if (cached.expiresAt - now < renewAheadMs) void this.renew().catch(() => undefined);
      return cached.value;
    }
    return (await this.renew()).value;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  private renew(): Promise<Cached> {
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetchToken(): Promise<Cached> {
    const { tokenUrl, clientId, clientSecret, scope } = this.settings;
    let response: Response;
    try {
      response = await fetch(tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: clientId,
          client_secret: clientSecret,
          scope,
        }).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new AppError('ANALYTICS_UNREACHABLE');
    }
    if (!response.ok) {
      // 400/401 from the token endpoint: wrong client id, secret or tenant — an operator problem.
      throw new AppError(
        response.status >= 500 || response.status === 429
          ? 'ANALYTICS_FAILED'
          : 'ANALYTICS_CREDENTIALS_REJECTED',
      );
    }
    const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
    if (typeof body.access_token !== 'string') throw new AppError('ANALYTICS_FAILED');
    const lifetimeSeconds = Number(body.expires_in) || 3600;
    const cached = { value: body.access_token, expiresAt: Date.now() + lifetimeSeconds * 1000 };
    this.cached = cached;
    return cached;
  }
}
