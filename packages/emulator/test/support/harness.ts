import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../src/index.ts';

/** Wire payloads in tests: asserted structurally with expect(), so deliberately loose. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type Wire = any;

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** Fetch + JSON (or text for non-JSON bodies) against a running emulator. */
export async function call<T = Wire>(
  url: string,
  init: {
    method?: string;
    token?: string;
    scheme?: string;
    body?: unknown;
    rawBody?: string;
    contentType?: string;
  } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {};
  if (init.token) headers.authorization = `${init.scheme ?? 'Bearer'} ${init.token}`;
  let body: string | undefined;
  if (init.rawBody !== undefined) {
    body = init.rawBody;
    headers['content-type'] = init.contentType ?? 'application/json';
  } else if (init.body !== undefined) {
    body = JSON.stringify(init.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get('content-type')?.includes('json') && text !== '')
    parsed = JSON.parse(text);
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** Gets an app token through the real OAuth endpoint (form-urlencoded client credentials). */
export async function appTokenFor(emulator: RunningEmulator): Promise<string> {
  const response = await fetch(emulator.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: emulator.clientId,
      client_secret: emulator.clientSecret,
      scope: 'https://analysis.windows.net/powerbi/api/.default',
    }),
  });
  const json = (await response.json()) as { access_token: string };
  return json.access_token;
}

/** A small data set keeps test start-up fast; behaviour does not depend on the row count. */
export function start(options: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ rows: 20_000, ...options });
}

/** REST helper bound to an emulator and an app token. */
export function rest(emulator: RunningEmulator, token: string) {
  return <T = Wire>(path: string, init: Parameters<typeof call>[1] = {}) =>
    call<T>(`${emulator.apiUrl}${path}`, { token, ...init });
}

/** /_emulator helper with `Authorization: EmbedToken`. */
export function internal(emulator: RunningEmulator, token: string) {
  return <T = Wire>(path: string, init: Parameters<typeof call>[1] = {}) =>
    call<T>(`${emulator.url}/_emulator${path}`, { token, scheme: 'EmbedToken', ...init });
}
