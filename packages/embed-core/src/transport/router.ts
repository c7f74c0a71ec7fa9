import type { MessageProxy } from './message-proxy.ts';
import type { IHttpPostMessageRequest, IMessageHandler } from './message.ts';
import { compileRoute, matchRoutes, type CompiledRoute } from './route-matcher.ts';

/** What a route handler receives: the frame's request plus the matched parameters. */
export interface IRequest extends IHttpPostMessageRequest {
  params: Record<string, string>;
  queryParams: Record<string, string>;
}

/** What a route handler fills in; sent back as `{ statusCode, headers, body }` (default 200/null). */
export class RouterResponse {
  statusCode = 200;
  headers: Record<string, unknown> = {};
  body: unknown = null;

  send(statusCode: number, body?: unknown): void {
    this.statusCode = statusCode;
    this.body = body;
  }
}

export type RouteHandler = (request: IRequest, response: RouterResponse) => unknown;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Routes requests coming *from* the frame (events, event hooks) to handlers, compatible with
 * powerbi-router's API. It registers one message handler on the proxy and every route can be
 * removed again (`register` returns a disposer), which the original never allowed.
 */
export class Router {
  private readonly routes = new Map<Method, CompiledRoute<RouteHandler>[]>();
  private readonly messageHandler: IMessageHandler;

  constructor(readonly handlers: MessageProxy) {
    this.messageHandler = {
      test: (message) => this.find(message) !== undefined,
      handle: (message) => this.handle(message as IHttpPostMessageRequest),
    };
    handlers.addHandler(this.messageHandler);
  }

  get(url: string, handler: RouteHandler): this {
    this.register('GET', url, handler);
    return this;
  }
  post(url: string, handler: RouteHandler): this {
    this.register('POST', url, handler);
    return this;
  }
  put(url: string, handler: RouteHandler): this {
    this.register('PUT', url, handler);
    return this;
  }
  patch(url: string, handler: RouteHandler): this {
    this.register('PATCH', url, handler);
    return this;
  }
  delete(url: string, handler: RouteHandler): this {
    this.register('DELETE', url, handler);
    return this;
  }

  /** Adds a route and returns a function that removes exactly that route. */
  register(method: Method, url: string, handler: RouteHandler): () => void {
    const list = this.routes.get(method) ?? [];
    const route = compileRoute(url, handler);
    list.push(route);
    this.routes.set(method, list);
    return () => {
      const index = list.indexOf(route);
      if (index >= 0) list.splice(index, 1);
    };
  }

  /** Number of registered routes (teardown tests). */
  get routeCount(): number {
    let n = 0;
    for (const list of this.routes.values()) n += list.length;
    return n;
  }

  /** Detaches the router from its message proxy. */
  dispose(): void {
    this.handlers.removeHandler(this.messageHandler);
    this.routes.clear();
  }

  private find(message: unknown) {
    const m = message as Partial<IHttpPostMessageRequest> | null;
    if (!m || typeof m.method !== 'string' || typeof m.url !== 'string') return undefined;
    const list = this.routes.get(m.method as Method);
    return list && matchRoutes(list, m.url);
  }

  private async handle(message: IHttpPostMessageRequest): Promise<RouterResponse> {
    const match = this.find(message);
    const response = new RouterResponse();
    if (!match) return response;
    // The params are added to the received message itself, as powerbi-router does: the proxy's
    // "did not return a response" warning quotes that message, so the frame sees them there too.
    const request: IRequest = Object.assign(message, {
      params: match.params,
      queryParams: match.queryParams,
    });
    await match.handler(request, response);
    return response;
  }
}
