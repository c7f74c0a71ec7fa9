import { TraceType } from 'powerbi-models';
import { ApiError, type EmulatorApi } from './api-client.ts';
import { FrameError, FrameErrorCode, iError } from './frame-errors.ts';
import type { EventPoster } from './protocol/event-poster.ts';

/** setTimeout cannot wait longer than 2^31-1 ms; longer waits are re-armed. */
const MAX_TIMER_MS = 2_147_483_647;

export function tokenExpiredError() {
  return iError(
    FrameErrorCode.TokenExpired,
    FrameErrorCode.TokenExpired,
    'Access token has expired, resubmit with a new access token',
    TraceType.Fatal,
  );
}

/** Turns a refusal of the internal API into the IError the service would report. */
export function apiErrorToIError(error: unknown, loadFailure = false) {
  if (error instanceof ApiError) {
    switch (error.code) {
      case 'TokenExpired':
        return tokenExpiredError();
      case 'PowerBIEntityNotFound':
        return iError(
          FrameErrorCode.NotFound,
          FrameErrorCode.NotFound,
          error.message,
          TraceType.Fatal,
        );
      case 'InvalidToken':
      case 'PowerBINotAuthorizedException':
        return iError(
          error.code === 'InvalidToken'
            ? FrameErrorCode.InvalidToken
            : FrameErrorCode.NotAuthorized,
          loadFailure ? FrameErrorCode.LoadReportFailed : error.code,
          error.message,
          TraceType.Fatal,
        );
      default:
        return iError(
          loadFailure ? FrameErrorCode.LoadReportFailed : FrameErrorCode.BadRequest,
          loadFailure ? FrameErrorCode.LoadReportFailed : error.code,
          error.message,
          loadFailure ? TraceType.Fatal : TraceType.Error,
        );
    }
  }
  return iError(
    loadFailure ? FrameErrorCode.LoadReportFailed : FrameErrorCode.Internal,
    loadFailure ? FrameErrorCode.LoadReportFailed : FrameErrorCode.Internal,
    String(error),
    TraceType.Fatal,
  );
}

/** A flag header (`tokenProviderSupplied`): it may arrive as the boolean itself or as its string. */
const headerFlag = (value: unknown): boolean => value === true || value === 'true';

export interface TokenManagerOptions {
  /**
   * Whether this embed kind takes a host token provider. The library allows `accessTokenProvider`
   * only on report (including paginated), create and quick create embeds, and only those register
   * the `/reports/<uid>/eventHooks/newAccessToken` route the frame asks.
   */
  tokenProvider: boolean;
  /** A valid `setAccessToken` after expiry: bring the embed back (reload or redraw). */
  onRecovered: () => void;
}

/**
 * The access token of one embed: verified with the emulator, watched until it expires, then either
 * renewed through the host's `newAccessToken` hook (when the host supplied a token provider) or
 * reported as a `TokenExpired` error event. A later `setAccessToken` with a valid token recovers.
 */
export class TokenManager {
  private current = '';
  private expiresAt = Number.POSITIVE_INFINITY;
  private timer = 0;
  private expiredState = false;
  private tokenProviderSupplied = false;

  constructor(
    private readonly api: EmulatorApi,
    private readonly events: EventPoster,
    private readonly options: TokenManagerOptions,
  ) {}

  get token(): string {
    return this.current;
  }

  get expired(): boolean {
    return this.expiredState;
  }

  /**
   * Verifies the load token; throws the API's refusal (the caller turns it into an error event). The
   * load's `tokenProviderSupplied` header decides whether expiry asks the host for a new token.
   */
  async start(token: unknown, headers: Record<string, string | undefined>): Promise<void> {
    this.tokenProviderSupplied =
      this.options.tokenProvider === true && headerFlag(headers.tokenProviderSupplied);
    if (typeof token !== 'string' || token.length === 0) {
      throw new ApiError('InvalidToken', 401, 'The load configuration carries no access token.');
    }
    this.current = token;
    let info;
    try {
      info = await this.api.verifyToken(token);
    } catch (error) {
      // An expired load token is recoverable: a later setAccessToken reloads (onRecovered).
      this.expiredState = error instanceof ApiError && error.code === 'TokenExpired';
      throw error;
    }
    this.expiredState = false;
    this.arm(info.expiresAt);
  }

  /** `setAccessToken`: a bad token answers 400/403 and keeps the old one. */
  async replace(token: unknown): Promise<void> {
    if (typeof token !== 'string' || token.length === 0) {
      throw new FrameError(
        400,
        iError(
          FrameErrorCode.InvalidParameters,
          FrameErrorCode.InvalidParameters,
          'The access token must be a non-empty string.',
        ),
      );
    }
    let expiresAt: number;
    try {
      expiresAt = (await this.api.verifyToken(token)).expiresAt;
    } catch (error) {
      throw new FrameError(
        error instanceof ApiError && error.status === 403 ? 403 : 400,
        apiErrorToIError(error),
      );
    }
    this.current = token;
    const wasExpired = this.expiredState;
    this.expiredState = false;
    this.arm(expiresAt);
    if (wasExpired) this.options.onRecovered();
  }

  /**
   * A load that failed because the server found the token expired (after it was verified) can be
   * recovered like one refused at the start: the next valid `setAccessToken` runs `onRecovered`.
   */
  noteLoadFailure(error: unknown): void {
    if (error instanceof ApiError && error.code === 'TokenExpired') {
      window.clearTimeout(this.timer);
      this.expiredState = true;
    }
  }

  /** Called when the token's time is up or the server said it expired. */
  async expire(): Promise<void> {
    if (this.expiredState) return;
    window.clearTimeout(this.timer);
    if (this.tokenProviderSupplied) {
      const fresh = await this.events.hook('newAccessToken', {});
      if (typeof fresh === 'string' && fresh.length > 0) {
        try {
          const info = await this.api.verifyToken(fresh);
          this.current = fresh;
          this.arm(info.expiresAt);
          return;
        } catch {
          // An unusable token from the provider counts as no token.
        }
      }
    }
    this.expiredState = true;
    this.events.emit('error', tokenExpiredError());
  }

  dispose(): void {
    window.clearTimeout(this.timer);
  }

  private arm(expiresAt: number): void {
    window.clearTimeout(this.timer);
    this.expiresAt = expiresAt;
    if (!Number.isFinite(expiresAt)) return;
    const wait = expiresAt - Date.now();
    if (wait <= 0) {
      void this.expire();
      return;
    }
    this.timer = window.setTimeout(
      () => {
        if (Date.now() >= this.expiresAt) void this.expire();
        else this.arm(this.expiresAt);
      },
      Math.min(wait, MAX_TIMER_MS),
    );
  }
}
