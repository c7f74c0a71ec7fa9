import {
  successSchema,
  urlOf,
  type BodyOf,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@canopy/portal-contract';
import { apiFetch, type ApiOptions } from './api-fetch.ts';

/** What a call sends: the endpoint's params, query and body, each only when it declares one. */
export type CallInput<E extends Endpoint> = (E['params'] extends object
  ? { params: ParamsOf<E> }
  : { params?: undefined }) &
  (E['query'] extends object ? { query?: QueryOf<E> } : { query?: undefined }) &
  (E['body'] extends object ? { body: BodyOf<E> } : { body?: undefined }) & {
    /** A multipart body (uploads), for endpoints that consume one. */
    form?: FormData;
  } & Pick<ApiOptions<unknown>, 'cache' | 'onHeaders' | 'authenticated'>;

type Args<E extends Endpoint> = E['params'] extends object
  ? [input: CallInput<E>]
  : E['body'] extends object
    ? [input: CallInput<E>]
    : [input?: CallInput<E>];

/** The address of an endpoint with its params and query filled in (links, downloads, streams). */
export function pathOf<E extends Endpoint>(
  declaration: E,
  input: { params?: ParamsOf<E>; query?: QueryOf<E> } = {},
): string {
  return urlOf(
    declaration,
    input.params as Record<string, string> | undefined,
    input.query as Record<string, unknown> | undefined,
  );
}

/**
 * Calls an endpoint of the portal API through the one fetch wrapper: the path is built from its
 * declaration and the answer parsed with its response schema, so a call cannot name a path, a
 * method or a shape the server does not have.
 */
export function call<E extends Endpoint>(declaration: E, ...args: Args<E>): Promise<ResponseOf<E>> {
  const { params, query, body, form, ...options } = (args[0] ?? {}) as CallInput<Endpoint> & {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
  };
  return apiFetch(urlOf(declaration, params, query), {
    ...options,
    method: declaration.method,
    body,
    form,
    schema: successSchema(declaration),
  }) as Promise<ResponseOf<E>>;
}
