import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../helper.ts';

/**
 * The OpenAPI document at /api/docs/json is a contract other teams generate clients from: every
 * operation has a stable name and a summary, the server is named, no two paths can match the same
 * URL, Redocly's recommended rules find no error, and a client generated from it type-checks.
 */

interface Operation {
  operationId?: string;
  summary?: string;
}
interface OpenApiDocument {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;
const operations: { method: string; path: string; operation: Operation }[] = [];

beforeAll(async () => {
  t = await build();
  const response = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      operations.push({ method: method.toUpperCase(), path, operation });
    }
  }
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('names every operation once, in camelCase, with a summary', () => {
    expect(operations.length).toBeGreaterThan(50);
    const unnamed = operations.filter(({ operation }) => !operation.operationId);
    expect(unnamed.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    for (const { method, path, operation } of operations) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(operation.summary?.trim(), `${method} ${path}`).toBeTruthy();
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it('documents every API route the server registers, except deliberately hidden aliases', () => {
    const documented = new Set(operations.map(({ method, path }) => `${method} ${path}`));
    const hidden = t.routes.filter((route) => (route.schema as { hide?: boolean })?.hide);
    const missing = t.routes
      .filter((route) => !hidden.includes(route))
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((key) => !documented.has(key));
    expect(missing).toEqual([]);
    // The one hidden route: the typing signal's original path, kept for older clients.
    expect(hidden.map((route) => `${route.method} ${route.url}`)).toEqual([
      'POST /api/conversations/:conversationKey/typing',
    ]);
  });

  it('names the server it describes (the portal public URL)', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
  });

  it("passes Redocly's recommended rules with no error, and only the warnings listed here", async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config,
    });
    const errors = problems.filter((problem) => problem.severity === 'error');
    expect(errors.map((problem) => `${problem.ruleId}: ${problem.message}`)).toEqual([]);
    // Each accepted warning, and why it is right for this API.
    const accepted: Record<string, string[]> = {
      // Probes and public reads that take no input cannot fail with a 4xx.
      'operation-4xx-response': [
        'GET /api/health',
        'GET /api/ready',
        'GET /api/version',
        'GET /api/auth/oidc',
        // Images and files are fetched by <img> through signed links; a bad link is a 404 the
        // plugin answers before any schema, so the operation declares only the file.
        'GET /api/messages/{conversationKey}/images/{imageKey}',
        'GET /api/files/{key}',
        'GET /api/admin/oauth/callback',
      ],
      // Browser redirects (302) and the event stream, which answers with text/event-stream.
      'operation-2xx-response': [
        'GET /api/auth/oidc/start',
        'GET /api/auth/oidc/callback',
        'GET /api/events',
      ],
    };
    const warnings = problems
      .filter((problem) => problem.severity === 'warn')
      .map((problem) => {
        const pointer = problem.location[0]?.pointer ?? '';
        const [, path = '', method = ''] =
          /^#\/paths\/([^/]+)\/(\w+)/.exec(pointer)?.map((part) => part.replaceAll('~1', '/')) ??
          [];
        return `${problem.ruleId} ${method.toUpperCase()} ${path}`;
      });
    const expected = Object.entries(accepted).flatMap(([rule, ops]) =>
      ops.map((op) => `${rule} ${op}`),
    );
    expect(warnings.sort()).toEqual(expected.sort());
  });

  it('generates a typed client whose calls type-check, and whose wrong calls do not', async () => {
    const types = astToString(await openapiTS(JSON.stringify(doc)));
    // Inside the package, so `openapi-fetch` resolves from server/node_modules.
    const dir = join(import.meta.dirname, '../../../.tmp/openapi-client');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{ "type": "module" }');
    writeFileSync(join(dir, 'api.d.ts'), types);
    writeFileSync(
      join(dir, 'calls.ts'),
      `import createClient from 'openapi-fetch';
import type { paths } from './api.js';

const client = createClient<paths>({ baseUrl: 'http://portal.test' });

export async function calls(tenantId: string): Promise<string[]> {
  const tenant = await client.GET('/api/admin/tenants/{id}', { params: { path: { id: tenantId } } });
  const name: string | undefined = tenant.data?.name;
  const login = await client.POST('/api/auth/login', {
    body: { email: 'a@example.com', password: 'secret' },
  });
  // A session, or the second step of a person with a second factor: the union narrows on step.
  const token: string | undefined =
    login.data && !('step' in login.data) ? login.data.token : undefined;
  await client.POST('/api/conversations/key/{conversationKey}/typing', {
    params: { path: { conversationKey: 'a_b' } },
    body: { userId: 'u', isTyping: true },
  });
  // @ts-expect-error: no such path
  await client.GET('/api/admin/tenant/{id}', { params: { path: { id: tenantId } } });
  // @ts-expect-error: the login body needs a password
  await client.POST('/api/auth/login', { body: { email: 'a@example.com' } });
  // @ts-expect-error: a tenant has no "colour" field
  const colour: string = tenant.data?.colour;
  return [name ?? '', token ?? '', colour];
}
`,
    );
    const program = ts.createProgram([join(dir, 'calls.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(diagnostics).toEqual([]);
    // A whole TypeScript program: seconds alone, much longer beside the browser tier in CI.
  }, 180_000);
});
