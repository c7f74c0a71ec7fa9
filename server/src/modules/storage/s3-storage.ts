import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { sha256Hex, signS3Request } from './s3-signature.ts';
import type { Storage } from './storage.ts';

export interface S3StorageOptions {
  /** The service's base URL, e.g. `https://s3.eu-west-1.amazonaws.com` or a MinIO address. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Per request; a slow or unreachable object store fails the upload instead of hanging it. */
  timeoutMs?: number;
}

/** RFC 3986 encoding, as Signature V4 wants it (encodeURIComponent leaves !'()* alone). */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), so several server instances share
 * one store. Path-style addressing (`endpoint/bucket/key`), requests signed with AWS Signature V4
 * over the payload hash; no SDK, the three calls are plain HTTP. The bucket must exist.
 */
export function createS3Storage(options: S3StorageOptions): Storage {
  const base = new URL(options.endpoint);
  const basePath = base.pathname.replace(/\/+$/, '');

  async function send(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    body?: { bytes: Buffer; contentType: string },
  ): Promise<Response> {
    const url = new URL(
      `${basePath}/${encodeSegment(options.bucket)}/${encodeSegment(key)}`,
      base.origin,
    );
    const amzDate = new Date()
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d{3}/, '');
    const payloadHash = sha256Hex(body?.bytes ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': amzDate,
      ...(body ? { 'content-type': body.contentType } : {}),
    };
    const authorization = signS3Request(
      { method, pathname: url.pathname, headers, payloadHash },
      options,
    );
    const { host: _host, ...sent } = headers; // fetch sets Host from the URL, the same value
    return fetch(url, {
      method,
      headers: { ...sent, authorization },
      body: body ? new Uint8Array(body.bytes) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
  }

  const fail = async (what: string, res: Response) => {
    // The error body is S3's XML (code and message, no secrets); keep a little for the log.
    const detail = (await res.text().catch(() => '')).slice(0, 300);
    return new Error(`S3 ${what} failed with ${res.status}: ${detail}`);
  };

  return {
    async put(key, bytes, contentType) {
      const res = await send('PUT', key, { bytes, contentType });
      if (!res.ok) throw await fail(`PUT ${key}`, res);
      await res.arrayBuffer();
    },
    async get(key) {
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.arrayBuffer();
        return null;
      }
      if (!res.ok || !res.body) throw await fail(`GET ${key}`, res);
      return {
        body: Readable.fromWeb(res.body as WebReadableStream<Uint8Array>),
        size: Number(res.headers.get('content-length') ?? 0),
      };
    },
    async delete(key) {
      const res = await send('DELETE', key);
      if (!res.ok && res.status !== 404) throw await fail(`DELETE ${key}`, res);
      await res.arrayBuffer();
    },
  };
}
