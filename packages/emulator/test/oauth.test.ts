import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { appTokenFor, call, start } from './support/harness.ts';

let emulator: RunningEmulator;
beforeAll(async () => {
  emulator = await start({ rows: 1000 });
});
afterAll(() => emulator.close());

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  rawBody: new URLSearchParams(fields).toString(),
  contentType: 'application/x-www-form-urlencoded',
});
const valid = () => ({
  grant_type: 'client_credentials',
  client_id: emulator.clientId,
  client_secret: emulator.clientSecret,
  scope: 'https://analysis.windows.net/powerbi/api/.default',
});

describe('OAuth client-credentials endpoint', () => {
  it('issues a Bearer JWT with expires_in that the REST API accepts', async () => {
    const response = await call(emulator.tokenUrl, form(valid()));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3599,
      ext_expires_in: 3599,
    });
    const token = (response.body as { access_token: string }).access_token;
    expect(token.split('.')).toHaveLength(3);
    const claims = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({ typ: 'app', appid: emulator.clientId, tid: emulator.tenantId });
    const groups = await call(`${emulator.apiUrl}/groups`, { token });
    expect(groups.status).toBe(200);
  });

  it('rejects a wrong secret with 401 invalid_client AADSTS7000215', async () => {
    const response = await call<Record<string, unknown>>(
      emulator.tokenUrl,
      form({ ...valid(), client_secret: 'nope' }),
    );
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
    expect(response.body.error_description).toMatch(/^AADSTS7000215: /);
    expect(response.body.error_codes).toEqual([7000215]);
  });

  it('rejects an unknown client with 401 invalid_client AADSTS700016', async () => {
    const response = await call<Record<string, unknown>>(
      emulator.tokenUrl,
      form({ ...valid(), client_id: 'someone-else' }),
    );
    expect(response.status).toBe(401);
    expect(response.body.error).toBe('invalid_client');
    expect(response.body.error_description).toMatch(/^AADSTS700016: /);
  });

  it('answers bad requests with the Entra error shape', async () => {
    const noScope = await call<Record<string, unknown>>(
      emulator.tokenUrl,
      form({ ...valid(), scope: '' }),
    );
    expect(noScope.status).toBe(400);
    expect(noScope.body.error).toBe('invalid_request');
    const grant = await call<Record<string, unknown>>(
      emulator.tokenUrl,
      form({ ...valid(), grant_type: 'password' }),
    );
    expect(grant.body.error).toBe('unsupported_grant_type');
    const scope = await call<Record<string, unknown>>(
      emulator.tokenUrl,
      form({ ...valid(), scope: 'https://x/y' }),
    );
    expect(scope.body.error).toBe('invalid_scope');
    const json = await call<Record<string, unknown>>(emulator.tokenUrl, { body: valid() });
    expect(json.status).toBe(400);
    expect(json.body.error).toBe('invalid_request');
  });

  it('refuses an unknown tenant', async () => {
    const response = await call<Record<string, unknown>>(
      emulator.tokenUrl.replace(emulator.tenantId, 'other-tenant'),
      form(valid()),
    );
    expect(response.status).toBe(400);
    expect(response.body.error_description).toMatch(/^AADSTS90002: /);
  });

  it('gives tokens signed per instance: another emulator refuses them', async () => {
    const other = await start({ rows: 100 });
    try {
      const token = await appTokenFor(emulator);
      const response = await call(`${other.apiUrl}/groups`, { token });
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ error: { code: 'PowerBINotAuthorizedException' } });
    } finally {
      await other.close();
    }
  });
});
