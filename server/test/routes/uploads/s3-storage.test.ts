import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
// s3rver: a real S3 API (Signature V4 checked, keys S3RVER/S3RVER) on a local port.
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signS3Request } from '../../../src/modules/storage/s3-signature.ts';
import { createS3Storage, type S3StorageOptions } from '../../../src/modules/storage/s3-storage.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson } from '../../support/fixtures.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';

let server: S3rver;
let directory: string;
let options: S3StorageOptions;
beforeAll(async () => {
  directory = mkdtempSync(join(tmpdir(), 'canopy-s3-'));
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'canopy-logos' }],
  });
  const { port } = (await server.run()) as AddressInfo;
  options = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'canopy-logos',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
});
afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

describe('S3-compatible storage', () => {
  it('puts, gets and deletes an object with signed requests', async () => {
    const storage = createS3Storage(options);
    await storage.put('abc_DEF-1.png', Buffer.from('hello bytes'), 'image/png');
    const object = await storage.get('abc_DEF-1.png');
    expect(object?.size).toBe(11);
    expect(await text(object!.body as NodeJS.ReadableStream & AsyncIterable<Buffer>)).toBe(
      'hello bytes',
    );
    await storage.delete('abc_DEF-1.png');
    expect(await storage.get('abc_DEF-1.png')).toBeNull();
    // Deleting what is gone is not an error.
    await storage.delete('abc_DEF-1.png');
  });

  it("signs exactly as AWS's published Signature V4 example (GET Object)", () => {
    // docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html, "Example: GET Object".
    // (s3rver checks the access key but not V4 signatures, so this is what proves the signing.)
    const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
    const authorization = signS3Request(
      {
        method: 'GET',
        pathname: '/test.txt',
        headers: {
          host: 'examplebucket.s3.amazonaws.com',
          range: 'bytes=0-9',
          'x-amz-content-sha256': emptyHash,
          'x-amz-date': '20130524T000000Z',
        },
        payloadHash: emptyHash,
      },
      {
        region: 'us-east-1',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
    );
    expect(authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('fails loudly for an unknown access key or a missing bucket', async () => {
    const wrongKey = createS3Storage({ ...options, accessKeyId: 'NOT-A-KEY' });
    await expect(wrongKey.put('x.png', TINY_PNG, 'image/png')).rejects.toThrow(
      /S3 PUT x\.png failed with 403/,
    );
    const noBucket = createS3Storage({ ...options, bucket: 'no-such-bucket' });
    await expect(noBucket.put('x.png', TINY_PNG, 'image/png')).rejects.toThrow(/failed with 404/);
  });

  it('backs the logo upload and file routes when CANOPY_STORAGE=s3', async () => {
    const t: TestApp = await build({
      env: {
        CANOPY_STORAGE: 's3',
        CANOPY_S3_ENDPOINT: options.endpoint,
        CANOPY_S3_BUCKET: options.bucket,
        CANOPY_S3_ACCESS_KEY_ID: options.accessKeyId,
        CANOPY_S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      },
    });
    try {
      const admin = await createPerson(t, { superAdmin: true });
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/upload-logo',
        token: admin.token,
        ...multipart('logo', TINY_PNG),
      });
      expect(res.statusCode).toBe(200);
      const key = res.json().url.split('/').pop();
      // The bytes are in the bucket, not on local disk.
      const direct = await createS3Storage(options).get(key);
      expect(direct?.size).toBe(TINY_PNG.length);
      const served = await t.request({ method: 'GET', url: res.json().url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
    } finally {
      await t.close();
    }
  });
});
