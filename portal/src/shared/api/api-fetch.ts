import type { ZodType } from 'zod';
import { currentToken, sessionStore } from '../session/session-store.ts';
import { refreshSession, takeSessionEndReason } from '../session/token-refresh.ts';

/** The texts every failed call falls back to when no screen-specific message applies. */
export const MESSAGES = {
  sessionExpired: 'Session expired',
  forbidden: 'You do not have permission to perform this action',
  networkCors:
    'Network error: Unable to connect to the server. This may be due to CORS configuration or network connectivity issues.',
  networkOther: 'Network error or server is unreachable',
  status: (code: number) => `Request failed with status ${code}`,
} as const;

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the server was not reached. */
    readonly status: number,
    /** The server's stable error code, when it sent one. */
    readonly code?: string,
    /** The HTTP status text, and whether `message` is the server's own (its `error` field). */
    readonly details: { statusText?: string; fromServer?: boolean } = {},
  ) {
    super(message);
  }
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads). */
  form?: FormData;
  /** Parses the success body (the shared contract's schema). */
  schema?: ZodType<T>;
  /**
   * false for the sign-in calls (login, forgot and reset password), which are not "authenticated
   * fetches": their 401/403 carry the server's own message and must not sign anybody out.
   */
  authenticated?: boolean;
  cache?: RequestCache;
  /** Sees the success response's headers (paging cursors such as `X-Next-Cursor`). */
  onHeaders?: (headers: Headers) => void;
  /** 'blob' for a download (a CSV export): the body as is, not parsed as JSON. */
  responseType?: 'json' | 'blob';
}

/** fetch() rejects with a TypeError when the request never got an answer (offline, CORS, DNS). */
const networkError = (cause: unknown) =>
  new ApiError(cause instanceof TypeError ? MESSAGES.networkCors : MESSAGES.networkOther, 0);

async function errorBody(response: Response): Promise<{ error?: string; code?: string }> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object') {
      const { error, code } = body as Record<string, unknown>;
      return {
        error: typeof error === 'string' && error ? error : undefined,
        code: typeof code === 'string' ? code : undefined,
      };
    }
  } catch {
    // Not JSON: fall back to the status text below.
  }
  return {};
}

/**
 * The one way the portal calls its API: same origin under /api, bearer token and
 * credentials, one silent token refresh on a 401, then "Session expired" and sign-out.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiOptions<T> = {}): Promise<T> {
  const authenticated = options.authenticated ?? true;
  const send = async () => {
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = authenticated ? currentToken() : null;
    if (token) headers.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    try {
      return await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body,
        credentials: 'include',
        cache: options.cache,
      });
    } catch (cause) {
      throw networkError(cause);
    }
  };

  let response = await send();
  if (response.status === 401 && authenticated) {
    // The access token may just have expired (a sleeping laptop misses the refresh timer).
    if (await refreshSession()) response = await send();
    if (response.status === 401) {
      // "Session expired", unless the server ended the session for a reason it named.
      const reason = takeSessionEndReason() ?? MESSAGES.sessionExpired;
      sessionStore.signOut(reason);
      throw new ApiError(reason, 401);
    }
  }
  if (!response.ok) {
    const { error, code } = await errorBody(response);
    if (response.status === 403 && authenticated) throw new ApiError(MESSAGES.forbidden, 403, code);
    throw new ApiError(error ?? MESSAGES.status(response.status), response.status, code, {
      statusText: response.statusText,
      fromServer: error !== undefined,
    });
  }
  options.onHeaders?.(response.headers);
  if (response.status === 204) return undefined as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  return options.schema ? options.schema.parse(json) : (json as T);
}

/** The message to show for any failure: ours, or the given fallback for the unexpected. */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError ? error.message : fallback;
