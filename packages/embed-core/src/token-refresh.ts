import { EmbedError, EmbedErrorCode } from './errors.ts';
import type { Embed } from './embeds/embed.ts';
import {
  parseTokenResult,
  readJwtExpiry,
  toEpochMs,
  type ParsedToken,
  type TokenResult,
} from './internal/token-expiry.ts';

export type { TokenResult, ParsedToken };

export interface TokenRefreshErrorInfo {
  /** 1 for the first failed attempt of a refresh, 2 for its first retry, … */
  attempt: number;
  /** Whether another attempt is scheduled. */
  willRetry: boolean;
}

export interface AutoRefreshTokenOptions {
  /**
   * Returns the new token: a string (a JWT's `exp` is read), or `{ token | accessToken, expiration |
   * expiresAt | expiresOn }` — the analytics REST API's GenerateToken answer and MSAL's
   * AuthenticationResult both fit. Dates may be a `Date`, an ISO string or epoch ms (or seconds).
   */
  getToken: () => TokenResult | Promise<TokenResult>;
  /** Refresh this long before the token expires. Default 2 minutes. */
  refreshBeforeMs?: number;
  /**
   * Never refresh (on schedule or on a `TokenExpired` event) sooner than this after the previous
   * attempt, so a provider that keeps returning an almost-expired token cannot cause a tight loop.
   * Default 30 s; values below 1 s are raised to 1 s.
   */
  minDelayMs?: number;
  /** Refresh interval when the token's expiry cannot be read (opaque token, no expiration field). */
  refreshIntervalMs?: number;
  /** Expiry of the token the embed holds now; default: its JWT `exp`, if it is a JWT. */
  expiresAt?: string | number | Date;
  /** Retries after a failed attempt, with doubling delays. Default 3. */
  maxRetries?: number;
  /** Delay before the first retry; doubled for each further retry. Default 5 s (minimum 1 s). */
  retryDelayMs?: number;
  /** An attempt (getToken + setAccessToken) that takes longer than this fails. Default 60 s. */
  attemptTimeoutMs?: number;
  /** Receives every failure as an {@link EmbedError} `TokenRefreshFailed`. Default: the Service's `onError`. */
  onError?: (error: EmbedError, info: TokenRefreshErrorInfo) => void;
  /** Called after the frame accepted a new token. */
  onRefresh?: (token: ParsedToken) => void;
}

/** Stops the refresh. Also carries `refresh()`, which refreshes now (concurrent calls share one attempt). */
export interface TokenRefreshStop {
  (): void;
  refresh(): Promise<boolean>;
}

const DEFAULTS = {
  refreshBeforeMs: 2 * 60_000,
  minDelayMs: 30_000,
  maxRetries: 3,
  retryDelayMs: 5_000,
  attemptTimeoutMs: 60_000,
};
const FLOOR_MS = 1_000;
/** setTimeout fires at once for delays above 2^31-1 ms (~24.8 days); longer waits are chained. */
const MAX_TIMER_MS = 0x7fffffff;

/**
 * Keeps an embed's access token fresh: calls `getToken()` ahead of expiry and sends the result with
 * `setAccessToken` (`POST /report|dashboard|tile/token`). Works with every embed type and token type.
 * Also refreshes at once when the frame reports an `error` event with `TokenExpired`. Failed attempts
 * are retried a bounded number of times with backoff and reported through `onError`.
 *
 * Returns a stop function; the refresh also stops by itself when the embed is reset.
 */
export function autoRefreshToken(
  embed: Embed<object>,
  options: AutoRefreshTokenOptions,
): TokenRefreshStop {
  validateArguments(embed, options);
  // validateArguments has checked every number given: only the defaults and floors remain.
  const refreshBeforeMs = options.refreshBeforeMs ?? DEFAULTS.refreshBeforeMs;
  const minDelayMs = Math.max(FLOOR_MS, options.minDelayMs ?? DEFAULTS.minDelayMs);
  const retryDelayMs = Math.max(FLOOR_MS, options.retryDelayMs ?? DEFAULTS.retryDelayMs);
  const maxRetries = Math.floor(options.maxRetries ?? DEFAULTS.maxRetries);
  const attemptTimeoutMs = options.attemptTimeoutMs ?? DEFAULTS.attemptTimeoutMs;
  const intervalMs =
    options.refreshIntervalMs === undefined
      ? undefined
      : Math.max(minDelayMs, options.refreshIntervalMs);
  const report =
    options.onError ?? ((error: EmbedError) => embed.service.reportAsyncError(embed, error));

  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<boolean> | undefined;
  let lastAttemptAt = Number.NEGATIVE_INFINITY;
  let failures = 0;
  /** Bumped per attempt, so an attempt that timed out cannot apply its token after a newer one. */
  let generation = 0;

  const clearTimer = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };

  const scheduleAt = (at: number) => {
    clearTimer();
    if (stopped) return;
    const delay = Math.max(0, at - Date.now());
    timer = setTimeout(
      () => {
        timer = undefined;
        if (delay > MAX_TIMER_MS) scheduleAt(at);
        else void refresh();
      },
      Math.min(delay, MAX_TIMER_MS),
    );
  };

  /** The regular schedule: `refreshBeforeMs` ahead of expiry, never within `minDelayMs` of the last attempt. */
  const scheduleForExpiry = (expiresAt: number | undefined): boolean => {
    const target =
      expiresAt !== undefined
        ? expiresAt - refreshBeforeMs
        : intervalMs !== undefined
          ? Date.now() + intervalMs
          : undefined;
    if (target === undefined) return false;
    scheduleAt(Math.max(target, lastAttemptAt + minDelayMs));
    return true;
  };

  const fail = (error: unknown) => {
    failures += 1;
    const willRetry = failures <= maxRetries;
    const wrapped = toRefreshError(error, failures);
    if (willRetry) scheduleAt(Date.now() + retryDelayMs * 2 ** (failures - 1));
    else failures = 0; // gave up: the next TokenExpired event or refresh() starts a new round
    safeReport(report, wrapped, { attempt: wrapped.attempt, willRetry });
  };

  const attempt = async (): Promise<boolean> => {
    lastAttemptAt = Date.now();
    const mine = ++generation;
    try {
      const parsed = await withTimeout(
        (async () => {
          const next = parseTokenResult(await options.getToken());
          if (!next) {
            throw new EmbedError(
              EmbedErrorCode.TokenRefreshFailed,
              'getToken() returned no token: expected a non-empty string or { token | accessToken, expiration }.',
            );
          }
          if (stopped || mine !== generation) return next;
          await embed.setAccessToken(next.token);
          return next;
        })(),
        attemptTimeoutMs,
      );
      if (stopped) return false;
      failures = 0;
      options.onRefresh?.(parsed);
      if (!scheduleForExpiry(parsed.expiresAt)) {
        safeReport(
          report,
          new RefreshError(
            'The new token was applied, but its expiry is unknown (not a JWT and no expiration was returned), so no further refresh is scheduled. Return { token, expiration } from getToken() or set refreshIntervalMs.',
            1,
          ),
          { attempt: 1, willRetry: false },
        );
      }
      return true;
    } catch (error) {
      if (!stopped) fail(error);
      return false;
    }
  };

  const refresh = (): Promise<boolean> => {
    if (stopped) return Promise.resolve(false);
    if (inFlight) return inFlight;
    clearTimer();
    inFlight = attempt().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  const onFrameError = (event: Event) => {
    if (stopped || inFlight || failures > 0 || !isTokenExpired((event as CustomEvent).detail)) {
      return;
    }
    const earliest = lastAttemptAt + minDelayMs;
    if (Date.now() >= earliest) void refresh();
    else scheduleAt(earliest);
  };

  let unregister: () => void = () => undefined;
  const stop = (() => {
    if (stopped) return;
    stopped = true;
    clearTimer();
    embed.element.removeEventListener('error', onFrameError);
    unregister();
  }) as TokenRefreshStop;
  stop.refresh = refresh;

  embed.element.addEventListener('error', onFrameError);
  unregister = embed.addDisposer(stop);

  // First refresh: ahead of the current token's expiry when it is known; otherwise after the interval,
  // or after `minDelayMs` to learn the expiry from the provider without racing the initial load.
  const current = toEpochMs(options.expiresAt) ?? readJwtExpiry(embed.config.accessToken ?? '');
  if (!scheduleForExpiry(current)) scheduleAt(Date.now() + minDelayMs);
  return stop;
}

/** A `TokenRefreshFailed` error that also says which attempt failed. */
class RefreshError extends EmbedError {
  constructor(
    message: string,
    readonly attempt: number,
    cause?: unknown,
  ) {
    super(EmbedErrorCode.TokenRefreshFailed, message, { cause });
  }
}

function toRefreshError(error: unknown, attempt: number): RefreshError {
  return new RefreshError(
    `Token refresh failed (attempt ${attempt}): ${describeError(error)}`,
    attempt,
    error,
  );
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof message === 'string') return message;
  if (error === undefined) return 'unknown error';
  try {
    return JSON.stringify(error);
  } catch {
    return 'an error that cannot be shown as text';
  }
}

/** The service reports an expired token as an `error` event with `TokenExpired` in `errorCode` or `message`. */
function isTokenExpired(detail: unknown): boolean {
  const d = detail as { errorCode?: unknown; message?: unknown } | null | undefined;
  return d?.errorCode === 'TokenExpired' || d?.message === 'TokenExpired';
}

function safeReport(
  report: (error: EmbedError, info: TokenRefreshErrorInfo) => void,
  error: EmbedError,
  info: TokenRefreshErrorInfo,
): void {
  try {
    report(error, info);
  } catch (thrown) {
    // An onError that throws must not stop the refresh schedule.
    console.error('[embed-core] token refresh onError threw', thrown);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  if (!(ms > 0)) return promise;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new EmbedError(EmbedErrorCode.RequestTimeout, `The attempt took longer than ${ms} ms.`),
        ),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function validateArguments(embed: Embed<object>, options: AutoRefreshTokenOptions): void {
  const invalid = (message: string) => new EmbedError(EmbedErrorCode.InvalidArgument, message);
  if (
    !embed ||
    typeof embed.setAccessToken !== 'function' ||
    typeof embed.addDisposer !== 'function'
  ) {
    throw invalid('autoRefreshToken: the first argument must be an embedded component.');
  }
  if (!options || typeof options.getToken !== 'function') {
    throw invalid('autoRefreshToken: options.getToken must be a function that returns a token.');
  }
  for (const key of [
    'refreshBeforeMs',
    'minDelayMs',
    'refreshIntervalMs',
    'maxRetries',
    'retryDelayMs',
    'attemptTimeoutMs',
  ] as const) {
    const value = options[key];
    if (value !== undefined && !isNonNegativeNumber(value)) {
      throw invalid(`autoRefreshToken: options.${key} must be a non-negative number.`);
    }
  }
  if (options.expiresAt !== undefined && toEpochMs(options.expiresAt) === undefined) {
    throw invalid('autoRefreshToken: options.expiresAt must be a Date, an ISO date or epoch ms.');
  }
}

function isNonNegativeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}
