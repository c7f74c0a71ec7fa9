import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultXeroClient, pushedRows, type RunningEmulator } from '../src/index.ts';
import { appTokenFor, rest, start } from './support/harness.ts';

let emulator: RunningEmulator;
let xero: string;
const redirectUri = 'http://app.test/callback';
const basic = `Basic ${Buffer.from(`${defaultXeroClient.clientId}:${defaultXeroClient.clientSecret}`).toString('base64')}`;

beforeAll(async () => {
  emulator = await start({ rows: 1000 });
  xero = emulator.xeroUrl ?? '';
});
afterAll(() => emulator.close());

const form = (url: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(body).toString(),
    redirect: 'manual',
  });

/** Consents as the user would (the consent form's fields) and returns the code. */
async function codeFor(scope: string, verifier?: string) {
  const challenge: Record<string, string> = verifier
    ? {
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      }
    : {};
  const params: Record<string, string> = {
    response_type: 'code',
    client_id: defaultXeroClient.clientId,
    redirect_uri: redirectUri,
    scope,
    state: 's1',
    ...challenge,
  };
  const page = await fetch(
    `${xero}/identity/connect/authorize?${new URLSearchParams(params).toString()}`,
  );
  expect(page.status).toBe(200);
  // The redirect after the form post must be allowed too (Chromium applies form-action to it).
  expect(page.headers.get('content-security-policy')).toContain(
    `form-action 'self' ${new URL(redirectUri).origin}`,
  );
  expect(await page.text()).toContain('Allow access');
  const answer = await form(`${xero}/identity/connect/authorize`, { ...params, decision: 'allow' });
  const location = new URL(answer.headers.get('location') ?? '');
  expect(location.searchParams.get('state')).toBe('s1');
  return location.searchParams.get('code') ?? '';
}

const token = (body: Record<string, string>) =>
  form(`${xero}/connect/token`, body, { authorization: basic });

describe('local Xero: authorization code, PKCE, rotation, revocation', () => {
  it('issues 30-minute tokens once per code, checking the PKCE verifier', async () => {
    const code = await codeFor(
      'offline_access accounting.invoices.read',
      'verifier-0123456789-abcdefghijklmnopqrstuvwxyz',
    );
    const wrong = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: 'nope',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_grant' });
    // The failed attempt used the code up.
    const again = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: 'verifier-0123456789-abcdefghijklmnopqrstuvwxyz',
    });
    expect(again.status).toBe(400);

    const fresh = await codeFor('offline_access accounting.invoices.read', 'v'.repeat(43));
    const issued = await token({
      grant_type: 'authorization_code',
      code: fresh,
      redirect_uri: redirectUri,
      code_verifier: 'v'.repeat(43),
    });
    expect(issued.status).toBe(200);
    expect(await issued.json()).toMatchObject({
      expires_in: 1800,
      token_type: 'Bearer',
      refresh_token: expect.any(String),
    });
  });

  it('rotates refresh tokens, serves connections and invoices, and forgets everything on revocation', async () => {
    const code = await codeFor('offline_access accounting.invoices.read');
    const first = (await (
      await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
    ).json()) as Record<string, string>;
    const second = (await (
      await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token! })
    ).json()) as Record<string, string>;
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const connections = (await (
      await fetch(`${xero}/connections`, {
        headers: { authorization: `Bearer ${second.access_token}` },
      })
    ).json()) as { tenantId: string; tenantType: string }[];
    expect(connections).toEqual([
      expect.objectContaining({ tenantType: 'ORGANISATION', tenantName: 'Canopy Demo Company' }),
    ]);
    const tenantId = connections[0]!.tenantId;
    const noTenant = await fetch(`${xero}/api.xro/2.0/Invoices`, {
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(noTenant.status).toBe(403);
    const invoices = await fetch(`${xero}/api.xro/2.0/Invoices?page=2`, {
      headers: { authorization: `Bearer ${second.access_token}`, 'xero-tenant-id': tenantId },
    });
    expect(((await invoices.json()) as { Invoices: unknown[] }).Invoices).toHaveLength(20);

    const revoked = await form(
      `${xero}/connect/revocation`,
      { token: second.refresh_token! },
      { authorization: basic },
    );
    expect(revoked.status).toBe(200);
    expect(
      (await token({ grant_type: 'refresh_token', refresh_token: second.refresh_token! })).status,
    ).toBe(400);
    expect(
      (
        await fetch(`${xero}/connections`, {
          headers: { authorization: `Bearer ${second.access_token}` },
        })
      ).status,
    ).toBe(401);
  });

  it('refuses unknown clients, redirect URIs and wrong secrets', async () => {
    const bad = await fetch(
      `${xero}/identity/connect/authorize?response_type=code&client_id=other&redirect_uri=${encodeURIComponent(redirectUri)}&scope=openid`,
    );
    expect(bad.status).toBe(400);
    for (const uri of ['http://', 'javascript:alert(1)', 'ftp://app.test/cb']) {
      const refused = await fetch(
        `${xero}/identity/connect/authorize?response_type=code&client_id=${defaultXeroClient.clientId}&redirect_uri=${encodeURIComponent(uri)}&scope=openid`,
      );
      expect(refused.status, uri).toBe(400);
    }
    const secret = await form(`${xero}/connect/token`, {
      grant_type: 'refresh_token',
      refresh_token: 'x',
      client_id: defaultXeroClient.clientId,
      client_secret: 'wrong',
    });
    expect(await secret.json()).toEqual({ error: 'invalid_client' });
  });
});

describe('local Xero with a data folder', () => {
  it('keeps consents and tokens across a restart, and a revocation too', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'canopy-xero-state-'));
    const shared = xero;
    try {
      let restartable = await start({ rows: 100, dataDir });
      xero = restartable.xeroUrl ?? '';
      const code = await codeFor('offline_access accounting.invoices.read');
      const issued = (await (
        await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
      ).json()) as Record<string, string>;
      await restartable.close();
      // Owner-only: it holds live tokens.
      expect(statSync(join(dataDir, 'xero.json')).mode & 0o777).toBe(0o600);

      restartable = await start({ rows: 100, dataDir });
      xero = restartable.xeroUrl ?? '';
      const connections = await fetch(`${xero}/connections`, {
        headers: { authorization: `Bearer ${issued.access_token}` },
      });
      expect(connections.status).toBe(200);
      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: issued.refresh_token!,
      });
      expect(refreshed.status).toBe(200);
      const next = (await refreshed.json()) as Record<string, string>;
      const revoked = await form(
        `${xero}/connect/revocation`,
        { token: next.refresh_token! },
        { authorization: basic },
      );
      expect(revoked.status).toBe(200);
      await restartable.close();

      restartable = await start({ rows: 100, dataDir });
      xero = restartable.xeroUrl ?? '';
      const after = await token({
        grant_type: 'refresh_token',
        refresh_token: next.refresh_token!,
      });
      expect(after.status).toBe(400);
      await restartable.close();
    } finally {
      xero = shared;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('push datasets', () => {
  it('creates a push dataset, adds typed rows, refuses mistyped ones and empties a table', async () => {
    const api = rest(emulator, await appTokenFor(emulator));
    const group = emulator.sample.groupId;
    const created = await api(`/groups/${group}/datasets`, {
      body: {
        name: 'Pushed',
        tables: [
          {
            name: 'Invoices',
            columns: [
              { name: 'Number', dataType: 'String' },
              { name: 'Total', dataType: 'Double' },
            ],
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const rows = `/groups/${group}/datasets/${id}/tables/Invoices/rows`;
    expect((await api(rows, { body: { rows: [{ Number: 'INV-1', Total: 12.5 }] } })).status).toBe(
      200,
    );
    const mistyped = await api(rows, { body: { rows: [{ Number: 'INV-2', Total: 'twelve' }] } });
    expect(mistyped.status).toBe(400);
    expect(mistyped.body.error.code).toBe('BadRequest');
    expect(pushedRows(emulator.state, id, 'Invoices')).toEqual([{ Number: 'INV-1', Total: 12.5 }]);
    expect((await api(rows, { method: 'DELETE' })).status).toBe(200);
    expect(pushedRows(emulator.state, id, 'Invoices')).toEqual([]);
    expect(
      (await api(`/groups/${group}/datasets/${emulator.sample.datasetId}/tables`)).status,
    ).toBe(404);
  });
});
