import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../src/index.ts';
import { capabilityRoles, type Capability } from '../src/policy/workspace-roles.ts';
import { declaredRoutes, type DeclaredRoute } from './support/declared-routes.ts';
import { call } from './support/harness.ts';
import {
  callers,
  principals,
  seedWorkspace,
  startPolicyEmulator,
  type Caller,
  type SeededWorkspace,
} from './support/policy-fixture.ts';

/**
 * Role × operation, generated from the routes' guards: every REST route with a workspace rule is called by
 * each role (and by a principal outside the workspace) on a fresh workspace. The expected answer
 * comes from the route's capability in capabilityRoles, whose rows are pinned to the service's
 * documented roles below.
 */
let emulator: RunningEmulator;
let advance: (ms: number) => void;
beforeAll(async () => {
  ({ emulator, advance } = await startPolicyEmulator());
});
afterAll(() => emulator.close());

interface Request {
  path: string;
  method: string;
  body?: unknown;
}

/** A request that succeeds for a caller holding the capability, per declared REST route. */
async function requestFor(
  policy: DeclaredRoute,
  ws: SeededWorkspace,
  caller: Caller,
): Promise<Request> {
  const exportId = async () => {
    const started = await call(
      `${emulator.apiUrl}/groups/${ws.groupId}/reports/${ws.salesReportId}/ExportTo`,
      { token: emulator.appToken(principals.Admin), body: { format: 'PDF' } },
    );
    advance(5_000);
    return started.body.id as string;
  };
  // Push-dataset routes (rest/push-datasets.ts) act on a dataset made through the push API.
  const pushDatasetId = async () => {
    const created = await call(`${emulator.apiUrl}/groups/${ws.groupId}/datasets`, {
      token: emulator.appToken(principals.Admin),
      body: pushDefinition,
    });
    return created.body.id as string;
  };
  // Profile routes (rest/profiles.ts) act on a profile of the calling service principal.
  const profileId = async () => {
    const created = await call(`${emulator.apiUrl}/profiles`, {
      token: emulator.appToken(principals[caller]),
      body: { displayName: 'Tenant' },
    });
    return created.body.id as string;
  };
  const pushDefinition = {
    name: 'Pushed',
    tables: [{ name: 'Invoices', columns: [{ name: 'Total', dataType: 'Double' }] }],
  };
  const path = policy.url
    .replace('/v1.0/myorg', '')
    .replace(':groupId', ws.groupId)
    .replace(':reportId', ws.salesReportId)
    .replace(':datasetId', policy.url.includes('/tables') ? await pushDatasetId() : ws.datasetId)
    .replace(':tableName', 'Invoices')
    .replace(':pageName', 'ReportSection1')
    .replace(':dashboardId', ws.dashboardId)
    .replace(':tileId', ws.tileIds[0] ?? '')
    .replace(':user', 'victim@example.com')
    .replace(':exportId', policy.url.includes(':exportId') ? await exportId() : '')
    .replace(':profileId', policy.url.includes(':profileId') ? await profileId() : '');
  const method = policy.method === 'ALL' ? 'GET' : policy.method;
  const bodies: Record<string, unknown> = {
    'POST /groups': { name: 'New workspace' },
    'POST /profiles': { displayName: 'Tenant' },
    [`PUT ${path.startsWith('/profiles/') ? path : ''}`]: { displayName: 'Renamed' },
    'POST /GenerateToken': { reports: [{ id: ws.salesReportId }] },
    [`POST /groups/${ws.groupId}/AssignToCapacity`]: {
      capacityId: '0f084df7-c13d-451b-af5f-ed0c466403b2',
    },
    [`POST /groups/${ws.groupId}/users`]: {
      emailAddress: 'new@example.com',
      groupUserAccessRight: 'Viewer',
    },
    [`POST /groups/${ws.groupId}/reports/${ws.salesReportId}/ExportTo`]: { format: 'PDF' },
    [`POST /groups/${ws.groupId}/reports/${ws.salesReportId}/Clone`]: { name: 'Copy' },
    [`POST /reports/${ws.salesReportId}/Clone`]: { name: 'Copy' },
    [`POST /groups/${ws.groupId}/datasets`]: pushDefinition,
    [`POST ${path.includes('/tables/') ? path : ''}`]: { rows: [{ Total: 1 }] },
    [`POST /groups/${ws.groupId}/reports/GenerateToken`]: {
      accessLevel: 'Create',
      datasetId: ws.datasetId,
    },
  };
  const body = bodies[`${method} ${path}`] ?? (method === 'POST' ? {} : undefined);
  return { path, method, ...(body !== undefined ? { body } : {}) };
}

const restRoutes = (await declaredRoutes()).filter(
  (policy) =>
    policy.url.startsWith('/v1.0/myorg/') &&
    (policy.guard?.kind === 'workspace' || policy.guard?.kind === 'app'),
);

/**
 * Routes whose handler consults the policy for a second capability on top of the route's rule:
 * cloning a report into its own workspace also creates content there (rest/clone-report.ts).
 */
const handlerCapability: Record<string, Capability> = {
  '/v1.0/myorg/groups/:groupId/reports/:reportId/Clone': 'createContent',
  '/v1.0/myorg/reports/:reportId/Clone': 'createContent',
};

function expected(policy: DeclaredRoute, caller: Caller): 'allowed' | 401 | 403 {
  // V2 GenerateToken names no workspace; its items do, and an outsider is in none of them.
  if (policy.guard?.kind === 'app')
    return policy.guard.grant && caller === 'Outsider' ? 401 : 'allowed';
  if (policy.guard?.kind !== 'workspace') throw new Error('not a REST rule');
  if (caller === 'Outsider') return 401;
  const needed = [policy.guard.capability, handlerCapability[policy.url] ?? 'read'];
  return needed.every((capability) => capabilityRoles[capability].includes(caller))
    ? 'allowed'
    : 403;
}

describe("role × operation (generated from the routes' guards and capabilityRoles)", () => {
  const cells = restRoutes.flatMap((policy) =>
    callers.map((caller) => ({ policy, caller, want: expected(policy, caller) })),
  );

  it.each(cells)(
    '$policy.method $policy.url as $caller → $want',
    async ({ policy, caller, want }) => {
      const ws = seedWorkspace(emulator);
      // Removing a user needs one to remove.
      emulator.state.workspaces.get(ws.groupId)?.users.push({
        groupUserAccessRight: 'Viewer',
        identifier: 'victim@example.com',
        emailAddress: 'victim@example.com',
        principalType: 'User',
      });
      const request = await requestFor(policy, ws, caller);
      const response = await call(`${emulator.apiUrl}${request.path}`, {
        token: emulator.appToken(principals[caller]),
        method: request.method,
        ...(request.body !== undefined ? { body: request.body } : {}),
      });
      if (want === 'allowed') {
        expect(response.status, JSON.stringify(response.body)).toBeGreaterThanOrEqual(200);
        expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      } else {
        expect(response.status).toBe(want);
        expect(response.body.error.code).toBe('PowerBINotAuthorizedException');
      }
    },
  );

  it('pins the capability rows to the service documentation', () => {
    const documented: Record<Capability, string[]> = {
      read: ['Admin', 'Member', 'Contributor', 'Viewer'],
      readUsers: ['Admin', 'Member'],
      manageUsers: ['Admin', 'Member'],
      deleteWorkspace: ['Admin'],
      assignCapacity: ['Admin'],
      createContent: ['Admin', 'Member', 'Contributor'],
      editContent: ['Admin', 'Member', 'Contributor'],
      deleteContent: ['Admin', 'Member', 'Contributor'],
      refresh: ['Admin', 'Member', 'Contributor'],
      embedView: ['Admin', 'Member', 'Contributor', 'Viewer'],
      embedEdit: ['Admin', 'Member', 'Contributor'],
      embedCreate: ['Admin', 'Member', 'Contributor'],
      readAllRows: ['Admin', 'Member', 'Contributor'],
    };
    expect(capabilityRoles).toEqual(documented);
  });
});

describe('embed access level × role (GenerateToken V2 and V1)', () => {
  const levels = [
    { level: 'View', capability: 'embedView' },
    { level: 'Edit', capability: 'embedEdit' },
    { level: 'Create', capability: 'embedCreate' },
  ] as const;
  const cells = levels.flatMap(({ level, capability }) =>
    callers
      .filter((caller) => caller !== 'Outsider')
      .flatMap((caller) =>
        (['V2', 'V1'] as const).map((api) => ({
          level,
          caller,
          api,
          allowed: capabilityRoles[capability].includes(caller),
        })),
      ),
  );

  it.each(cells)('$api $level token as $caller → allowed: $allowed', async (cell) => {
    const ws = seedWorkspace(emulator);
    const v2: Record<string, unknown> = {
      View: { reports: [{ id: ws.salesReportId }] },
      Edit: { reports: [{ id: ws.salesReportId, allowEdit: true }] },
      Create: { datasets: [{ id: ws.datasetId }], targetWorkspaces: [{ id: ws.groupId }] },
    };
    const v1 =
      cell.level === 'Create'
        ? {
            path: `/groups/${ws.groupId}/reports/GenerateToken`,
            body: { accessLevel: 'Create', datasetId: ws.datasetId },
          }
        : {
            path: `/groups/${ws.groupId}/reports/${ws.salesReportId}/GenerateToken`,
            body: { accessLevel: cell.level },
          };
    const { path, body } =
      cell.api === 'V2' ? { path: '/GenerateToken', body: v2[cell.level] } : v1;
    const response = await call(`${emulator.apiUrl}${path}`, {
      token: emulator.appToken(principals[cell.caller]),
      body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(cell.allowed ? 200 : 403);
  });
});

describe('workspace user rules', () => {
  const users =
    (groupId: string, caller: Caller) => (path: string, init: Parameters<typeof call>[1]) =>
      call(`${emulator.apiUrl}/groups/${groupId}/users${path}`, {
        token: emulator.appToken(principals[caller]),
        ...init,
      });
  const grant = (who: string, right: string) => ({
    body: { identifier: who, principalType: 'App', groupUserAccessRight: right },
  });

  it.each([
    { caller: 'Member', target: 'Member', to: 'Admin' },
    { caller: 'Contributor', target: 'Contributor', to: 'Admin' },
    { caller: 'Viewer', target: 'Viewer', to: 'Admin' },
  ] as const)('$caller cannot raise its own role to $to', async ({ caller, to }) => {
    // Viewers and Contributors may not manage users at all; a Member may, but not for itself.
    const ws = seedWorkspace(emulator);
    const response = await users(ws.groupId, caller)('', grant(principals[caller], to));
    expect(response.status).toBe(403);
    expect(emulator.state.workspaces.get(ws.groupId)?.users).toContainEqual(
      expect.objectContaining({ identifier: principals[caller], groupUserAccessRight: caller }),
    );
  });

  it('lets a Member manage Members and below but never Admins', async () => {
    const ws = seedWorkspace(emulator);
    const asMember = users(ws.groupId, 'Member');
    expect((await asMember('', grant('new-member', 'Member'))).status).toBe(200);
    expect((await asMember('', grant('new-admin', 'Admin'))).status).toBe(403);
    expect((await asMember('', grant(principals.Admin, 'Viewer'))).status).toBe(403);
    expect((await asMember(`/${principals.Admin}`, { method: 'DELETE' })).status).toBe(403);
    expect((await asMember(`/${principals.Viewer}`, { method: 'DELETE' })).status).toBe(200);
    // Lowering one's own role is allowed.
    expect((await asMember('', grant(principals.Member, 'Viewer'))).status).toBe(200);
  });

  it('keeps the last Admin: it can be neither removed nor demoted until another Admin exists', async () => {
    const ws = seedWorkspace(emulator);
    const asAdmin = users(ws.groupId, 'Admin');
    expect((await asAdmin(`/${principals.Admin}`, { method: 'DELETE' })).status).toBe(403);
    expect((await asAdmin('', grant(principals.Admin, 'Member'))).status).toBe(403);
    expect((await asAdmin('', grant(principals.Member, 'Admin'))).status).toBe(200);
    expect((await asAdmin(`/${principals.Admin}`, { method: 'DELETE' })).status).toBe(200);
  });
});
