import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '@canopy/emulator';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  localAnalyticsSettings,
  localXeroConfig,
} from '../../../src/modules/analytics/start-local-analytics.ts';
import { readOutbox } from '../../../src/modules/mail/mailer.ts';
import { build, type TestApp } from '../../helper.ts';
import { createPerson, PASSWORD, type TestPerson } from '../../support/fixtures.ts';
import { appCode, enrolTotp, storedPasskey } from '../../support/mfa.ts';
import { multipart, TINY_PNG } from '../../support/multipart.ts';

/**
 * Every route that can change something is either audited, with the exact actions it records, or
 * listed as not audited with the reason. A new route without an entry fails the first test, so an
 * unaudited change cannot ship by accident. Each audited case runs the real change and compares
 * the actions recorded after it, in order. Cases run in the order of the table (later ones use what
 * earlier ones made: the integration connected, the reports synced).
 */

let emulator: RunningEmulator;
let t: TestApp;
let superAdmin: TestPerson;
let admin: TestPerson;
let tenantId: string;
let groupId: string;
let address = 0;
/** A fresh client address per sign-in attempt, so the per-address rate limit never answers. */
const remoteAddress = () => `10.9.${Math.floor(++address / 250)}.${address % 250}`;

const call = (
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'GET',
  url: string,
  token?: string,
  payload?: object,
) => t.request({ method, url, token, payload });
const viewer = () => createPerson(t, { tenantId, role: 'Viewer' });
const sessionOf = (token: string): string =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sid: string })
    .sid;
let unique = 0;
const email = (what: string) => `${what}-${process.pid}-${++unique}@example.com`;

/** Invites a person to the tenant; returns their id and the token of the mailed link. */
async function invite() {
  const address = email('invited');
  const res = await call('POST', '/api/users', admin.token, { email: address, tenantId });
  expect(res.statusCode).toBe(201);
  return { id: res.json<{ id: string }>().id, email: address, token: await mailedToken(address) };
}
/** The token of the newest link mailed to `to` (mail is sent after the answer: wait for it). */
const mailedToken = (to: string, count = 1) =>
  vi.waitFor(
    async () => {
      const mails = (await readOutbox(join(t.config.dataDir, 'outbox'))).filter((m) => m.to === to);
      expect(mails.length).toBeGreaterThanOrEqual(count);
      const token = /token=([\w%-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
      if (!token) throw new Error('no link in the mail');
      return decodeURIComponent(token);
    },
    { timeout: 10_000, interval: 25 },
  );
const signIn = (who: { email: string }, password = PASSWORD, from = remoteAddress()) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: who.email, password },
    remoteAddress: from,
  });

/** The provider's consent page, allowed, as a browser would; returns the callback path. */
async function consent(authUrl: string) {
  const html = await (await fetch(authUrl)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '';
  const fields = new URLSearchParams();
  for (const [, name, value] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)">/g,
  )) {
    fields.set(name!, value!.replaceAll('&amp;', '&').replaceAll('&quot;', '"'));
  }
  fields.set('decision', 'allow');
  const submitted = await fetch(new URL(action, authUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: fields.toString(),
    redirect: 'manual',
  });
  const callback = new URL(submitted.headers.get('location') ?? '');
  return `${callback.pathname}${callback.search}`;
}
const integrationId = async () =>
  (await t.database.db.selectFrom('integrations').select('id').executeTakeFirstOrThrow()).id;
const reportId = async () =>
  (
    await t.database.db
      .selectFrom('reports')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
  ).id;

/** A fresh group of the tenant (its creation is set-up, not what a case checks). */
async function newGroup() {
  const res = await call('POST', `/api/tenants/${tenantId}/groups`, admin.token, {
    name: email('group'),
  });
  expect(res.statusCode).toBe(201);
  await mark();
  return res.json<{ id: string }>().id;
}

/** A fresh subscription of the tenant's Admin to a synced report (set-up, not what is checked). */
async function newSubscription() {
  const res = await call('POST', '/api/subscriptions', admin.token, {
    reportId: await reportId(),
    format: 'PDF',
    frequency: 'daily',
    timeOfDay: '08:00',
  });
  expect(res.statusCode, res.body).toBe(201);
  await mark();
  return res.json<{ id: string }>().id;
}

/** Events after this id are the ones a case is judged by. */
let since = 0;
/** Marks the end of a case's set-up: what it did so far is not what is being checked. */
async function mark() {
  const last = await t.database.db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  since = last?.id ?? 0;
}

interface AuditedCase {
  /** What this case does, when a route has several. */
  name?: string;
  /** The actions the change records, in order. */
  audited: readonly string[];
  /** The answer, when the change is a refusal (a failed sign-in); any success otherwise. */
  status?: number;
  run: () => Promise<LightMyRequestResponse>;
}
type Entry =
  | { cases: AuditedCase[] }
  | { notAudited: string }
  /** Audited, but the change needs a part this file does not start: that test asserts it. */
  | { audited: readonly string[]; assertedIn: string };
const one = (audited: readonly string[], run: AuditedCase['run']): Entry => ({
  cases: [{ audited, run }],
});

const TABLE: Record<string, Entry> = {
  // tenants
  'POST /api/admin/tenants': one(['tenant.create', 'user.create'], () =>
    call('POST', '/api/admin/tenants', superAdmin.token, {
      name: `Audited ${++unique}`,
      adminEmail: email('owner'),
      createPowerBIWorkspace: false,
    }),
  ),
  'PUT /api/admin/tenants/:id': one(['tenant.update'], () =>
    call('PUT', `/api/admin/tenants/${tenantId}`, superAdmin.token, {
      name: 'Audited Tenant',
      adminEmail: admin.email,
      status: 'active',
      primaryColor: '#123456',
      theme: 'light',
    }),
  ),
  'DELETE /api/admin/tenants/:id': one(['tenant.delete'], async () => {
    const doomed = await call('POST', '/api/admin/tenants', superAdmin.token, {
      name: `Doomed ${++unique}`,
      adminEmail: email('owner'),
      createPowerBIWorkspace: false,
    });
    await mark();
    return call(
      'DELETE',
      `/api/admin/tenants/${doomed.json<{ id: string }>().id}`,
      superAdmin.token,
    );
  }),
  'PUT /api/tenants/:tenantId/settings': one(['settings.update'], () =>
    call('PUT', `/api/tenants/${tenantId}/settings`, admin.token, {
      primaryColor: '#654321',
      theme: 'dark',
    }),
  ),
  'POST /api/upload-logo': one(['upload.logo'], () =>
    t.request({
      method: 'POST',
      url: '/api/upload-logo',
      token: admin.token,
      ...multipart('logo', TINY_PNG),
    }),
  ),
  'POST /api/admin/upload-logo': one(['upload.logo'], () =>
    t.request({
      method: 'POST',
      url: '/api/admin/upload-logo',
      token: superAdmin.token,
      ...multipart('logo', TINY_PNG),
    }),
  ),

  // people
  'POST /api/users': one(['user.create'], () =>
    call('POST', '/api/users', admin.token, { email: email('new'), tenantId, role: 'Viewer' }),
  ),
  'POST /api/users/invitations': one(['user.create', 'user.create'], () =>
    call('POST', '/api/users/invitations', admin.token, {
      emails: [email('bulk'), email('bulk')],
      tenantId,
      role: 'Viewer',
    }),
  ),
  'POST /api/users/invitations/:id': one(['user.invitation_resend'], async () => {
    const { id } = await invite();
    await mark();
    return call('POST', `/api/users/invitations/${id}`, admin.token);
  }),
  'DELETE /api/users/invitations/:id': one(['user.invitation_revoke'], async () => {
    const { id } = await invite();
    await mark();
    return call('DELETE', `/api/users/invitations/${id}`, admin.token);
  }),
  'PUT /api/users/:id': one(['user.update_role'], async () =>
    call('PUT', `/api/users/${(await viewer()).id}`, admin.token, { role: 'Admin' }),
  ),
  'DELETE /api/users/:id': one(['user.delete'], async () =>
    call('DELETE', `/api/users/${(await viewer()).id}`, admin.token),
  ),

  // reports and access
  'POST /api/admin/tenants/:tenantId/reports/sync': one(['report.sync'], () =>
    call('POST', `/api/admin/tenants/${tenantId}/reports/sync`, superAdmin.token),
  ),
  'POST /api/powerbi/permissions/grant': one(['report.grant'], async () =>
    call('POST', '/api/powerbi/permissions/grant', superAdmin.token, {
      userId: (await viewer()).id,
      reportId: await reportId(),
      workspaceId: groupId,
      tenantId,
      canView: true,
    }),
  ),
  'POST /api/powerbi/permissions/revoke': one(['report.revoke'], async () => {
    const body = { userId: (await viewer()).id, reportId: await reportId(), workspaceId: groupId };
    const granted = await call('POST', '/api/powerbi/permissions/grant', superAdmin.token, {
      ...body,
      tenantId,
      canView: true,
    });
    expect(granted.statusCode).toBe(200);
    await mark();
    return call('POST', '/api/powerbi/permissions/revoke', superAdmin.token, { ...body, tenantId });
  }),
  // groups: each case makes its own group, so cases never depend on each other
  'POST /api/tenants/:tenantId/groups': one(['group.create'], () =>
    call('POST', `/api/tenants/${tenantId}/groups`, admin.token, { name: email('group') }),
  ),
  'PATCH /api/tenants/:tenantId/groups/:id': one(['group.update'], async () => {
    const id = await newGroup();
    return call('PATCH', `/api/tenants/${tenantId}/groups/${id}`, admin.token, {
      name: email('renamed'),
    });
  }),
  'DELETE /api/tenants/:tenantId/groups/:id': one(['group.delete'], async () =>
    call('DELETE', `/api/tenants/${tenantId}/groups/${await newGroup()}`, admin.token),
  ),
  'PUT /api/tenants/:tenantId/groups/:id/members/:userId': one(['group.member_add'], async () => {
    const [id, person] = [await newGroup(), await viewer()];
    return call('PUT', `/api/tenants/${tenantId}/groups/${id}/members/${person.id}`, admin.token);
  }),
  'DELETE /api/tenants/:tenantId/groups/:id/members/:userId': one(
    ['group.member_remove'],
    async () => {
      const [id, person] = [await newGroup(), await viewer()];
      const url = `/api/tenants/${tenantId}/groups/${id}/members/${person.id}`;
      expect((await call('PUT', url, admin.token)).statusCode).toBe(200);
      await mark();
      return call('DELETE', url, admin.token);
    },
  ),
  'PUT /api/tenants/:tenantId/groups/:id/reports/:reportId': one(['group.grant'], async () =>
    call(
      'PUT',
      `/api/tenants/${tenantId}/groups/${await newGroup()}/reports/${await reportId()}`,
      admin.token,
    ),
  ),
  'DELETE /api/tenants/:tenantId/groups/:id/reports/:reportId': one(['group.revoke'], async () => {
    const url = `/api/tenants/${tenantId}/groups/${await newGroup()}/reports/${await reportId()}`;
    expect((await call('PUT', url, admin.token)).statusCode).toBe(200);
    await mark();
    return call('DELETE', url, admin.token);
  }),
  // report subscriptions: each case makes its own subscription
  'POST /api/subscriptions': one(['subscription.create'], async () =>
    call('POST', '/api/subscriptions', admin.token, {
      reportId: await reportId(),
      format: 'PPTX',
      frequency: 'weekly',
      weekday: 1,
      timeOfDay: '07:30',
    }),
  ),
  'PATCH /api/subscriptions/:id': {
    cases: [
      {
        name: 'reschedule',
        audited: ['subscription.update'],
        run: async () =>
          call('PATCH', `/api/subscriptions/${await newSubscription()}`, admin.token, {
            timeOfDay: '09:15',
          }),
      },
      {
        name: 'pause',
        audited: ['subscription.pause'],
        run: async () =>
          call('PATCH', `/api/subscriptions/${await newSubscription()}`, admin.token, {
            paused: true,
          }),
      },
      {
        name: 'resume',
        audited: ['subscription.resume'],
        run: async () => {
          const url = `/api/subscriptions/${await newSubscription()}`;
          expect((await call('PATCH', url, admin.token, { paused: true })).statusCode).toBe(200);
          await mark();
          return call('PATCH', url, admin.token, { paused: false });
        },
      },
    ],
  },
  'DELETE /api/subscriptions/:id': one(['subscription.delete'], async () =>
    call('DELETE', `/api/subscriptions/${await newSubscription()}`, admin.token),
  ),
  'POST /api/subscriptions/:id/send-now': one(['subscription.send_now'], async () =>
    call('POST', `/api/subscriptions/${await newSubscription()}/send-now`, admin.token),
  ),
  'POST /api/powerbi/reports': {
    notAudited: 'a read: lists the reports (refreshing the cached list from the workspace)',
  },
  'POST /api/admin/powerbi/reports': {
    notAudited: 'a read: lists the reports (refreshing the cached list from the workspace)',
  },
  'POST /api/powerbi/embed-token': { notAudited: 'a read: a short-lived token to view a report' },
  'POST /api/admin/powerbi/embed-token': {
    notAudited: 'a read: a short-lived token to view a report',
  },
  'POST /api/powerbi/usage': { notAudited: 'a usage beacon, kept in report_usage' },

  // integrations
  'POST /api/admin/oauth/initiate': {
    notAudited: 'only starts the consent; the callback records integration.connect',
  },
  'GET /api/admin/oauth/callback': one(['integration.connect'], async () => {
    const started = await call('POST', '/api/admin/oauth/initiate', superAdmin.token, {
      sourceId: 'xero',
      tenantId,
    });
    expect(started.statusCode).toBe(200);
    await mark();
    return call('GET', await consent(started.json<{ authUrl: string }>().authUrl));
  }),
  'POST /api/admin/integrations/:id/sync': one(['integration.sync'], async () =>
    call('POST', `/api/admin/integrations/${await integrationId()}/sync`, superAdmin.token),
  ),
  'DELETE /api/admin/integrations/:id': one(['integration.disconnect'], async () =>
    call('DELETE', `/api/admin/integrations/${await integrationId()}`, superAdmin.token),
  ),

  // sign-in and passwords
  'POST /api/auth/login': {
    cases: [
      { name: 'success', audited: ['auth.login'], run: async () => signIn(await viewer()) },
      {
        name: 'wrong password',
        audited: ['auth.login_failed'],
        status: 401,
        run: async () => signIn(await viewer(), 'Wrong-Password-9'),
      },
      {
        name: 'the fifth wrong password in a row locks',
        audited: ['auth.locked'],
        status: 429,
        run: async () => {
          const person = await viewer();
          const from = remoteAddress();
          for (let i = 0; i < 4; i++) await signIn(person, 'Wrong-Password-9', from);
          await mark();
          return signIn(person, 'Wrong-Password-9', from);
        },
      },
    ],
  },
  'POST /api/auth/logout': one(['auth.logout'], async () =>
    call('POST', '/api/auth/logout', (await viewer()).token),
  ),
  'POST /api/auth/refresh': {
    notAudited: 'renews a session; a spent token used again is audited as auth.refresh_reuse',
  },
  'POST /api/auth/forgot-password': one(['auth.password_reset_requested'], async () =>
    call('POST', '/api/auth/forgot-password', undefined, { email: (await viewer()).email }),
  ),
  'POST /api/auth/reset-password': {
    cases: [
      {
        name: 'a reset link',
        audited: ['auth.password_reset'],
        run: async () => {
          const person = await viewer();
          await call('POST', '/api/auth/forgot-password', undefined, { email: person.email });
          const token = await mailedToken(person.email);
          await vi.waitFor(async () => {
            const requested = await t.database.db
              .selectFrom('audit_events')
              .select('id')
              .where('actor_id', '=', person.id)
              .execute();
            expect(requested).toHaveLength(1);
          });
          await mark();
          return call('POST', '/api/auth/reset-password', undefined, {
            token,
            newPassword: 'Brand-New-Pass-7',
          });
        },
      },
      {
        name: 'an invitation link',
        audited: ['auth.invitation_accepted'],
        run: async () => {
          const { token } = await invite();
          await mark();
          return call('POST', '/api/auth/reset-password', undefined, {
            token,
            newPassword: 'Brand-New-Pass-7',
          });
        },
      },
    ],
  },
  'POST /api/auth/invitation/renew': one(['auth.invitation_renewal_requested'], async () => {
    const invited = await invite();
    const resent = await call('POST', `/api/users/invitations/${invited.id}`, admin.token);
    expect(resent.statusCode).toBe(200);
    await mailedToken(invited.email, 2);
    await mark();
    return call('POST', '/api/auth/invitation/renew', undefined, { token: invited.token });
  }),
  'POST /api/auth/password-link': { notAudited: 'a read: whether a mailed link still works' },
  // Single sign-on needs an OpenID provider (oauth2-mock-server there).
  'GET /api/auth/oidc/callback': {
    audited: ['auth.oidc_refused'],
    assertedIn: 'routes/auth/oidc.test.ts',
  },
  'POST /api/auth/oidc/exchange': {
    audited: ['auth.oidc_login'],
    assertedIn: 'routes/auth/oidc.test.ts',
  },

  // my account
  'PATCH /api/account': one(['account.name_change'], async () =>
    call('PATCH', '/api/account', (await viewer()).token, { firstName: 'Ada', lastName: 'Byron' }),
  ),
  'POST /api/account/password': {
    cases: [
      {
        name: 'changed',
        audited: ['account.password_change'],
        run: async () =>
          call('POST', '/api/account/password', (await viewer()).token, {
            currentPassword: PASSWORD,
            newPassword: 'Brand-New-Pass-7',
          }),
      },
    ],
  },
  'DELETE /api/account/sessions/:sessionId': one(['account.session_end'], async () => {
    const person = await viewer();
    const other = await signIn(person);
    await mark();
    return call(
      'DELETE',
      `/api/account/sessions/${sessionOf(other.json<{ token: string }>().token)}`,
      person.token,
    );
  }),
  'DELETE /api/account/sessions': one(['account.sign_out_everywhere'], async () =>
    call('DELETE', '/api/account/sessions', (await viewer()).token),
  ),

  // two-step verification
  'POST /api/auth/mfa/passkey-options': {
    notAudited: 'hands out a challenge; the second step records the sign-in or the failure',
  },
  'POST /api/auth/mfa/verify': {
    cases: [
      {
        name: 'a code from the app',
        audited: ['auth.login'],
        run: async () => {
          const person = await viewer();
          const { secret } = await enrolTotp(t, person.token);
          const { ticket } = (await signIn(person)).json<{ ticket: string }>();
          await mark();
          return call('POST', '/api/auth/mfa/verify', undefined, {
            ticket,
            method: 'totp',
            code: appCode(secret),
          });
        },
      },
      {
        name: 'a recovery code',
        audited: ['auth.recovery_code_used', 'auth.login'],
        run: async () => {
          const person = await viewer();
          const { recoveryCodes } = await enrolTotp(t, person.token);
          const { ticket } = (await signIn(person)).json<{ ticket: string }>();
          await mark();
          return call('POST', '/api/auth/mfa/verify', undefined, {
            ticket,
            method: 'recovery-code',
            code: recoveryCodes[0],
          });
        },
      },
      {
        name: 'a wrong code',
        audited: ['auth.mfa_failed'],
        status: 400,
        run: async () => {
          const person = await viewer();
          const { secret } = await enrolTotp(t, person.token);
          const { ticket } = (await signIn(person)).json<{ ticket: string }>();
          await mark();
          return call('POST', '/api/auth/mfa/verify', undefined, {
            ticket,
            method: 'totp',
            code: appCode(secret, 5),
          });
        },
      },
    ],
  },
  'POST /api/account/mfa/totp': {
    notAudited: 'a secret that is no factor until confirmed (which is audited)',
  },
  'POST /api/account/mfa/totp/confirm': one(['account.mfa_totp_enabled'], async () => {
    const person = await viewer();
    const started = await call('POST', '/api/account/mfa/totp', person.token);
    return call('POST', '/api/account/mfa/totp/confirm', person.token, {
      code: appCode(started.json<{ secret: string }>().secret),
    });
  }),
  'POST /api/account/mfa/totp/remove': one(['account.mfa_totp_removed'], async () => {
    const person = await viewer();
    await enrolTotp(t, person.token);
    await mark();
    return call('POST', '/api/account/mfa/totp/remove', person.token, { password: PASSWORD });
  }),
  'POST /api/account/mfa/passkeys/options': {
    notAudited: 'hands out a challenge; adding the passkey is audited',
  },
  'POST /api/account/mfa/passkeys': {
    audited: ['account.mfa_passkey_added'],
    assertedIn: 'routes/account/mfa-passkeys.test.ts',
  },
  'PATCH /api/account/mfa/passkeys/:passkeyId': one(['account.mfa_passkey_renamed'], async () => {
    const person = await viewer();
    const id = await storedPasskey(t, person.id);
    return call('PATCH', `/api/account/mfa/passkeys/${id}`, person.token, { name: 'Renamed' });
  }),
  'POST /api/account/mfa/passkeys/:passkeyId/remove': one(
    ['account.mfa_passkey_removed'],
    async () => {
      const person = await viewer();
      const id = await storedPasskey(t, person.id);
      return call('POST', `/api/account/mfa/passkeys/${id}/remove`, person.token, {
        password: PASSWORD,
      });
    },
  ),
  'POST /api/account/mfa/recovery-codes': one(
    ['account.mfa_recovery_codes_regenerated'],
    async () => {
      const person = await viewer();
      await storedPasskey(t, person.id);
      return call('POST', '/api/account/mfa/recovery-codes', person.token, {
        password: PASSWORD,
      });
    },
  ),
  'PUT /api/tenants/:tenantId/security': one(['settings.mfa_policy'], () =>
    call('PUT', `/api/tenants/${tenantId}/security`, admin.token, { requireMfa: false }),
  ),
  'DELETE /api/users/mfa/:id': one(['user.mfa_reset'], async () =>
    call('DELETE', `/api/users/mfa/${(await viewer()).id}`, admin.token),
  ),

  // chat: conversation between colleagues, not administration
  'POST /api/messages/:conversationKey': {
    notAudited: 'a chat message, not an administrative change',
  },
  'POST /api/conversations/key/:conversationKey/read': { notAudited: 'chat read receipts' },
  'POST /api/conversations/key/:conversationKey/typing': { notAudited: 'chat typing indicator' },
  'POST /api/conversations/:conversationKey/typing': { notAudited: 'chat typing indicator' },
  'POST /api/conversations/messages/:messageId/reactions': { notAudited: 'chat reactions' },
  'POST /api/events/ticket': { notAudited: 'a single-use ticket to open the live event stream' },
};

/** Routes that change something although they answer GET. */
const CHANGING_GETS = new Set(['GET /api/admin/oauth/callback', 'GET /api/auth/oidc/callback']);

beforeAll(async () => {
  emulator = await startEmulator({ rows: 200 });
  t = await build({ analytics: localAnalyticsSettings(emulator), xero: localXeroConfig(emulator) });
  superAdmin = await createPerson(t, { superAdmin: true });
  const created = await call('POST', '/api/admin/tenants', superAdmin.token, {
    name: 'Audited',
    adminEmail: email('owner'),
    createPowerBIWorkspace: true,
  });
  expect(created.statusCode).toBe(201);
  ({ id: tenantId, powerBiGroupId: groupId } = created.json<{
    id: string;
    powerBiGroupId: string;
  }>());
  admin = await createPerson(t, { tenantId, role: 'Admin' });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

describe('audit completeness', () => {
  it('knows every route that can change something, and only routes that exist', () => {
    const registered = t.routes.map((route) => `${route.method} ${route.url}`);
    const changing = registered.filter((key) => !key.startsWith('GET ') || CHANGING_GETS.has(key));
    expect(
      changing.filter((key) => !(key in TABLE)),
      'routes without an entry',
    ).toEqual([]);
    expect(
      Object.keys(TABLE).filter((key) => !registered.includes(key)),
      'entries for routes that are gone',
    ).toEqual([]);
  });

  const cases = Object.entries(TABLE).flatMap(([route, entry]) =>
    'cases' in entry
      ? entry.cases.map((c) => ({ title: c.name ? `${route} (${c.name})` : route, ...c }))
      : [],
  );
  it.each(cases)('$title records $audited', async ({ audited, run, status }) => {
    await mark();
    const res = await run();
    if (status) expect(res.statusCode, res.body).toBe(status);
    else expect(res.statusCode, res.body).toBeLessThan(400);
    // Some are written after the answer (sign-in mail): wait for them, then for nothing more.
    await vi.waitFor(
      async () => {
        const rows = await t.database.db
          .selectFrom('audit_events')
          .select('action')
          .where('id', '>', since)
          .orderBy('id')
          .execute();
        expect(rows.map((row) => row.action)).toEqual(audited);
      },
      { timeout: 10_000, interval: 25 },
    );
  });
});
