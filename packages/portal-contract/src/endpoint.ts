import type { ZodType, z } from 'zod';
import { ErrorBody } from './common.ts';

/**
 * Who may call an endpoint (the server enforces it before the handler runs):
 * - `public`: anyone (sign-in, password reset, files served by unguessable name);
 * - `signed-in`: any signed-in person;
 * - `superadmin`: super administrators only;
 * - `tenant-user`: people of a tenant (Admins and Viewers), not super administrators;
 * - `tenant-admin`: tenant Admins, and super administrators, who administer every tenant.
 * Finer rules (which tenant, which object) are the server's, per endpoint.
 */
export type Access = 'public' | 'signed-in' | 'superadmin' | 'tenant-user' | 'tenant-admin';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One endpoint of the portal API, declared once: the server registers its route from this (method,
 * path, validation, OpenAPI, access) and the SPA calls it through the typed client built on it.
 * `path` uses `:name` for parameters, as the server's router does; OpenAPI shows them as `{name}`.
 */
export interface Endpoint {
  /** Stable: generated clients name their methods after it. */
  readonly operationId: string;
  readonly method: Method;
  readonly path: `/api/${string}`;
  readonly summary: string;
  readonly description?: string;
  readonly tags: readonly string[];
  readonly access: Access;
  readonly params?: ZodType;
  readonly query?: ZodType;
  /** A JSON body's schema. Multipart uploads have none here and set `consumes`. */
  readonly body?: ZodType;
  readonly consumes?: readonly string[];
  /** Every status the endpoint answers with, and its body; the one 2xx is what callers get. */
  readonly responses: Readonly<Record<number, ZodType>>;
  /** Left out of the OpenAPI document (kept only for old clients). */
  readonly hide?: boolean;
  /**
   * Also answered for a session restricted to setting up a second factor (a person who must use
   * two-step verification and has none yet); every other endpoint answers that session 403
   * MFA_ENROLMENT_REQUIRED.
   */
  readonly mfaEnrolment?: boolean;
}

/** Declares an endpoint, keeping its exact types for the server and the client. */
export const endpoint = <const E extends Endpoint>(declaration: E): E => declaration;

/** The error responses an endpoint can give, each with the shared error body. */
export function errors<const S extends readonly number[]>(
  ...statuses: S
): { [K in S[number]]: typeof ErrorBody } {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as {
    [K in S[number]]: typeof ErrorBody;
  };
}

type SuccessStatus = 200 | 201 | 202 | 204;

/**
 * What a successful call returns: the parsed body of the endpoint's 2xx response. Distributes over
 * a union, so a caller may pass either of two endpoints (the two logo uploads, say).
 */
export type ResponseOf<E extends Endpoint> = E extends Endpoint
  ? {
      [S in keyof E['responses']]: S extends SuccessStatus
        ? E['responses'][S] extends ZodType
          ? z.output<E['responses'][S]>
          : never
        : never;
    }[keyof E['responses']]
  : never;

/** The path parameters of an endpoint, as a caller passes them. */
export type ParamsOf<E extends Endpoint> = E['params'] extends ZodType
  ? z.input<E['params']>
  : undefined;
export type QueryOf<E extends Endpoint> = E['query'] extends ZodType
  ? z.input<E['query']>
  : undefined;
export type BodyOf<E extends Endpoint> = E['body'] extends ZodType ? z.input<E['body']> : undefined;

/** The schema of the 2xx response a caller parses, if the endpoint answers with a body. */
export function successSchema(declaration: Endpoint): ZodType | undefined {
  for (const status of [200, 201, 202] as const) {
    const schema = declaration.responses[status];
    if (schema) return schema;
  }
  return undefined;
}

/**
 * The URL of a call: `:name` parameters filled in (percent-encoded) and the query string from the
 * defined values, in the order given.
 */
export function urlOf(
  declaration: Pick<Endpoint, 'path'>,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const path = declaration.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${declaration.path}: missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
