import { createHash, createHmac } from 'node:crypto';

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) =>
  createHmac('sha256', key).update(data).digest();

export interface S3Credentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface RequestToSign {
  method: string;
  /** The path exactly as sent, already URI-encoded once. */
  pathname: string;
  /** Every header to sign, names lower-case; must include `host`, `x-amz-date`, `x-amz-content-sha256`. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (of '' when there is none). */
  payloadHash: string;
}

/**
 * The `Authorization` header of an AWS Signature Version 4 request to S3 (header-based, no query
 * string): canonical request → string to sign → HMAC chain over date, region, service.
 */
export function signS3Request(request: RequestToSign, credentials: S3Credentials): string {
  const amzDate = request.headers['x-amz-date'];
  if (!amzDate) throw new Error('x-amz-date must be signed');
  const day = amzDate.slice(0, 8);
  const names = Object.keys(request.headers).sort();
  const canonicalRequest = [
    request.method,
    request.pathname,
    '',
    ...names.map((name) => `${name}:${request.headers[name]?.trim()}`),
    '',
    names.join(';'),
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(
    hmac(hmac(hmac(`AWS4${credentials.secretAccessKey}`, day), credentials.region), 's3'),
    'aws4_request',
  );
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
}
