import { AppError } from '../../errors.ts';
import type { AnalyticsSettings } from './analytics-settings.ts';
import { analyticsError, readCloudError } from './analytics-errors.ts';
import { ServicePrincipalToken } from './service-principal-token.ts';

export interface AnalyticsClientOptions {
  /** Per attempt (default 10 s): a call never waits longer than this for one answer. */
  timeoutMs?: number;
  /** Retries after a 429 (default 3). */
  maxRetries?: number;
  /** A Retry-After longer than this is not waited for: the caller gets 503 at once (default 10 s). */
  maxRetryAfterMs?: number;
}

/** The header that makes a call one of the service principal's profiles'. */
export const PROFILE_HEADER = 'X-PowerBI-profile-id';

/**
 * The analytics REST API over HTTP, as the service principal or, from `asProfile`, as one of its
 * profiles. Bearer tokens come from a cache that renews them ahead of expiry (a profile uses its
 * principal's token and adds X-PowerBI-profile-id); 429s are retried after their Retry-After
 * (bounded); every failure becomes an AppError with a stable code (analytics-errors.ts), never a
 * raw upstream body.
 */
export class AnalyticsClient {
  readonly settings: AnalyticsSettings;
  /** The profile every call of this client acts as; undefined: the service principal itself. */
  readonly profileId: string | undefined;
  private readonly token: ServicePrincipalToken;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly maxRetryAfterMs: number;
  /** The principal's client, which keeps one client per profile (so per-client caches hold). */
  private readonly root: AnalyticsClient;
  private readonly profiles = new Map<string, AnalyticsClient>();

  constructor(
    settings: AnalyticsSettings,
    options: AnalyticsClientOptions = {},
    of?: { root: AnalyticsClient; profileId: string },
  ) {
    this.settings = settings;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.maxRetries = options.maxRetries ?? 3;
    this.maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
    this.root = of?.root ?? this;
    this.profileId = of?.profileId;
    this.token = of ? of.root.token : new ServicePrincipalToken(settings, this.timeoutMs);
  }

  /** The same service principal acting as one of its profiles: every call sends its id. */
  asProfile(profileId: string): AnalyticsClient {
    const root = this.root;
    const key = profileId.toLowerCase();
    let client = root.profiles.get(key);
    if (!client) {
      client = new AnalyticsClient(
        root.settings,
        {
          timeoutMs: root.timeoutMs,
          maxRetries: root.maxRetries,
          maxRetryAfterMs: root.maxRetryAfterMs,
        },
        { root, profileId },
      );
      root.profiles.set(key, client);
    }
    return client;
  }

  /** Forgets a deleted profile's client. */
  forgetProfile(profileId: string): void {
    this.root.profiles.delete(profileId.toLowerCase());
  }

  /** Fetches the first token now, so the first request does not pay for it. */
  warmUp(): Promise<void> {
    return this.token.get().then(() => undefined);
  }

  get<T>(path: string, what?: string): Promise<T> {
    return this.call<T>('GET', path, undefined, what);
  }

  post<T>(path: string, body: unknown, what?: string): Promise<T> {
    return this.call<T>('POST', path, body, what);
  }

  delete(path: string, what?: string): Promise<void> {
    return this.call<void>('DELETE', path, undefined, what);
  }

  /**
   * One REST call. `what` names the entity for a 404 ("report" gives 404 REPORT_NOT_FOUND). A 401
   * with TokenExpired is retried once with a fresh token: a token can lapse between cache and use.
   */
  async call<T>(method: string, path: string, body: unknown, what?: string): Promise<T> {
    const response = await this.respond(method, path, body, what);
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  }

  /**
   * A successful GET as the raw response, for what `get` cannot carry: headers (an export's
   * Retry-After) and binary bodies (an exported file). Failures are AppErrors as for `call`.
   */
  getResponse(path: string, what?: string): Promise<Response> {
    return this.respond('GET', path, undefined, what);
  }

  private async respond(
    method: string,
    path: string,
    body: unknown,
    what?: string,
  ): Promise<Response> {
    let retries = 0;
    let renewed = false;
    for (;;) {
      const bearer = await this.token.get();
      const response = await this.send(method, path, body, bearer);
      if (response.ok) return response;
      const cloud = await readCloudError(response);
      if (response.status === 429 && retries < this.maxRetries) {
        const waitMs = retryAfterMs(response.headers.get('retry-after'));
        if (waitMs <= this.maxRetryAfterMs) {
          retries += 1;
          await new Promise((resolve) => setTimeout(resolve, waitMs));
          continue;
        }
      }
      if (response.status === 401 && cloud.code === 'TokenExpired' && !renewed) {
        renewed = true;
        this.token.invalidate();
        continue;
      }
      throw analyticsError(response, cloud, what);
    }
  }

  private async send(
    method: string,
    path: string,
    body: unknown,
    bearer: string,
  ): Promise<Response> {
    try {
      return await fetch(`${this.settings.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${bearer}`,
          ...(this.profileId === undefined ? {} : { [PROFILE_HEADER]: this.profileId }),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') {
        throw new AppError('ANALYTICS_TIMEOUT');
      }
      throw new AppError('ANALYTICS_UNREACHABLE');
    }
  }
}

/** Retry-After in seconds (the service's form) or as an HTTP date; missing: one second. */
function retryAfterMs(header: string | null): number {
  if (header === null || header.trim() === '') return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - Date.now());
}
