import type { IExtendedRequest, Response, Router } from 'powerbi-router';
import { ApiError } from '../api-client.ts';
import { FrameError, FrameErrorCode, iError } from '../frame-errors.ts';
import { apiErrorToIError } from '../token-manager.ts';

export interface RouteRequest {
  method: string;
  url: string;
  params: Record<string, string>;
  headers: Record<string, string | undefined>;
  body: unknown;
}

export interface RouteReply {
  status: number;
  body?: unknown;
}

export type RouteHandlerFn = (request: RouteRequest) => RouteReply | Promise<RouteReply>;

export const ok = (body: unknown): RouteReply => ({ status: 200, body });
export const accepted = (body: unknown = {}): RouteReply => ({ status: 202, body });

function decode(value: unknown): string {
  if (typeof value !== 'string') return '';
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Registers protocol routes on the powerbi-router. Every handler is wrapped so that it always
 * answers: a thrown FrameError becomes its status and IError body, anything else a 500 — an
 * exception must never leave the host's request pending.
 */
export class RouteTable {
  /**
   * Every route registered, as "METHOD /path". Also readable as `window.canopyFrameRoutes`, so the
   * protocol fuzz test (test/browser) covers each route without a list of its own.
   */
  readonly registered: string[] = [];

  constructor(private readonly router: Router) {
    (window as unknown as { canopyFrameRoutes?: string[] }).canopyFrameRoutes = this.registered;
  }

  get(path: string, handler: RouteHandlerFn): this {
    this.router.get(path, this.wrap(handler));
    return this.note('GET', path);
  }
  post(path: string, handler: RouteHandlerFn): this {
    this.router.post(path, this.wrap(handler));
    return this.note('POST', path);
  }
  put(path: string, handler: RouteHandlerFn): this {
    this.router.put(path, this.wrap(handler));
    return this.note('PUT', path);
  }
  patch(path: string, handler: RouteHandlerFn): this {
    this.router.patch(path, this.wrap(handler));
    return this.note('PATCH', path);
  }
  delete(path: string, handler: RouteHandlerFn): this {
    this.router.delete(path, this.wrap(handler));
    return this.note('DELETE', path);
  }

  private note(method: string, path: string): this {
    if (!path.startsWith('*')) this.registered.push(`${method} ${path}`);
    return this;
  }

  /**
   * Unknown URLs answer 404 like the service's own test app does. Route-recognizer ranks static and
   * dynamic segments above the glob, so registering these first or last makes no difference.
   */
  notFound(): this {
    const handler: RouteHandlerFn = (request) => ({
      status: 404,
      body: `Not Found. Url: ${request.url} was not found.`,
    });
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      this[method]('*notfound', handler);
    }
    return this;
  }

  private wrap(handler: RouteHandlerFn) {
    return async (request: IExtendedRequest, response: Response): Promise<void> => {
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(
        (request.params ?? {}) as Record<string, unknown>,
      )) {
        params[key] = decode(value);
      }
      const headers =
        typeof request.headers === 'object' && request.headers !== null ? request.headers : {};
      try {
        const reply = await handler({
          method: String(request.method),
          url: String(request.url),
          params,
          headers,
          body: request.body,
        });
        response.send(reply.status, reply.body);
      } catch (error) {
        if (error instanceof FrameError) {
          response.send(error.status, error.body);
        } else if (error instanceof ApiError) {
          // The emulator API refused (expired token, missing entity…): pass its status and code on.
          response.send(error.status >= 400 ? error.status : 502, apiErrorToIError(error));
        } else {
          console.error('[canopy-emulator] route failed', request.method, request.url, error);
          response.send(
            500,
            iError(
              FrameErrorCode.Internal,
              FrameErrorCode.Internal,
              `Unexpected failure: ${String(error)}`,
            ),
          );
        }
      }
    };
  }
}
