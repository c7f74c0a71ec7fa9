import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { grantLimits } from '../src/policy/grant-policy.ts';
import { call, internal, start } from './support/harness.ts';

/** Tokens are signed, bounded in what they carry, and refused when expired, forged or unsigned. */
let emulator: RunningEmulator;
let now = Date.now();
beforeAll(async () => {
  emulator = await start({ now: () => now });
});
afterAll(() => emulator.close());

const generate = (body: unknown) =>
  call(`${emulator.apiUrl}/GenerateToken`, { token: emulator.appToken(), body });

const identity = (index: number) => ({
  username: `user-${index}`,
  roles: ['RegionManager'],
  datasets: [emulator.sample.securedDatasetId],
});

describe('what one token may carry', () => {
  it('refuses more than 50 items of a kind and more than 50 identities', async () => {
    const reports = Array.from({ length: 51 }, () => ({ id: emulator.sample.salesReportId }));
    expect((await generate({ reports })).status).toBe(400);
    const many = await generate({
      datasets: [{ id: emulator.sample.securedDatasetId }],
      identities: Array.from({ length: 800 }, (_, index) => identity(index)),
    });
    expect(many.status).toBe(400);
    expect(many.body.error.message).toMatch(/At most 50 identities/);
  });

  it('refuses oversized customData and claims that would not fit a header', async () => {
    const dataset = { id: emulator.sample.securedDatasetId };
    const custom = await generate({
      datasets: [dataset],
      identities: [{ ...identity(0), customData: 'x'.repeat(grantLimits.customDataLength + 1) }],
    });
    expect(custom.status).toBe(400);
    const heavy = await generate({
      datasets: [dataset],
      identities: Array.from({ length: 50 }, (_, index) => ({
        ...identity(index),
        username: `${'u'.repeat(200)}${index}`,
      })),
    });
    expect(heavy.status).toBe(400);
    expect(heavy.body.error.message).toMatch(/more than 8192 bytes/);
  });

  it('keeps the largest accepted token usable in an Authorization header', async () => {
    const largest = await generate({
      datasets: [{ id: emulator.sample.securedDatasetId }],
      identities: Array.from({ length: 30 }, (_, index) => ({
        ...identity(index),
        username: `${'u'.repeat(150)}${index}`,
      })),
    });
    expect(largest.status).toBe(200);
    const token = largest.body.token as string;
    expect(token.length).toBeLessThan(12_000);
    const schema = await internal(
      emulator,
      token,
    )(`/datasets/${emulator.sample.securedDatasetId}/schema`);
    expect(schema.status).toBe(200);
  });

  it('carries exactly what was asked', async () => {
    const { salesReportId, datasetId, groupId } = emulator.sample;
    const issued = await generate({
      reports: [{ id: salesReportId, allowEdit: true }],
      targetWorkspaces: [{ id: groupId }],
      lifetimeInMinutes: 5,
    });
    const claims = JSON.parse(
      Buffer.from((issued.body.token as string).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      reports: [{ id: salesReportId, allowEdit: true }],
      datasets: [datasetId],
      dashboards: [],
      tiles: [],
      targetWorkspaces: [groupId],
      allowSaveAs: false,
      identities: [],
    });
    expect(claims.exp - claims.iat).toBe(300);
  });
});

describe('refused tokens', () => {
  const reportPath = () => `/reports/${emulator.sample.salesReportId}`;
  const parts = () =>
    emulator.mintToken({ reports: [emulator.sample.salesReportId] }).token.split('.');

  it('refuses alg:none, a tampered payload and another instance’s signature with 401', async () => {
    const [head, body, sig] = parts() as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const widened = Buffer.from(
      JSON.stringify({
        ...claims,
        reports: [{ id: emulator.sample.paginatedReportId, allowEdit: true }],
      }),
    ).toString('base64url');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${widened}.`;
    const other = await start({ rows: 1000 });
    const foreign = other.mintToken({ reports: [emulator.sample.salesReportId] }).token;
    await other.close();
    for (const token of [none, `${head}.${widened}.${sig}`, foreign]) {
      const response = await internal(emulator, token)(reportPath());
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('InvalidToken');
      const rest = await call(`${emulator.apiUrl}/groups`, { token });
      expect(rest.status).toBe(401);
    }
  });

  it('refuses an expired token with 403 TokenExpired', async () => {
    const { token } = emulator.mintToken({
      reports: [emulator.sample.salesReportId],
      lifetimeInMinutes: 1,
    });
    expect((await internal(emulator, token)(reportPath())).status).toBe(200);
    now += 61_000;
    const expired = await internal(emulator, token)(reportPath());
    expect(expired.status).toBe(403);
    expect(expired.body.error.code).toBe('TokenExpired');
  });

  it('refuses embed tokens on the REST API', async () => {
    const rest = await call(`${emulator.apiUrl}/groups`, {
      token: emulator.mintToken().token,
    });
    expect(rest.status).toBe(401);
  });
});
