import {
  AUDIT_COUNT_CAP,
  auditExportFileName,
  type AuditFilters,
  type AuditPage,
  type AuditQuery,
} from '@canopy/portal-contract';

/** Events per page of the audit log. */
export const AUDIT_PAGE_SIZE = 25;

/** What people read for each recorded action; the code is shown next to it. */
const LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.locked': 'Account locked',
  'auth.logout': 'Signed out',
  'auth.refresh_reuse': 'Spent session token reused',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.invitation_accepted': 'Invitation accepted',
  'auth.invitation_renewal_requested': 'New invitation link requested',
  'auth.oidc_login': 'Signed in with single sign-on',
  'auth.oidc_refused': 'Single sign-on refused',
  'tenant.create': 'Tenant created',
  'tenant.update': 'Tenant updated',
  'tenant.delete': 'Tenant deleted',
  'settings.update': 'Tenant settings changed',
  'upload.logo': 'Logo uploaded',
  'user.create': 'Person invited',
  'user.update_role': 'Role changed',
  'user.delete': 'Person deleted',
  'user.invite_existing_account': 'Invitation to an existing account (not created)',
  'user.invitation_resend': 'Invitation re-sent',
  'user.invitation_revoke': 'Invitation withdrawn',
  'report.grant': 'Report access granted',
  'report.revoke': 'Report access removed',
  'report.sync': 'Reports synced',
  'group.create': 'Group created',
  'group.update': 'Group renamed',
  'group.delete': 'Group deleted',
  'group.member_add': 'Added to a group',
  'group.member_remove': 'Removed from a group',
  'group.grant': 'Report granted to a group',
  'group.revoke': 'Report removed from a group',
  'subscription.create': 'Report subscription created',
  'subscription.update': 'Report subscription changed',
  'subscription.pause': 'Report subscription paused',
  'subscription.resume': 'Report subscription resumed',
  'subscription.delete': 'Report subscription deleted',
  'subscription.send_now': 'Report subscription sent now',
  'integration.connect': 'Integration connected',
  'integration.reconnect': 'Integration reconnected',
  'integration.disconnect': 'Integration disconnected',
  'integration.sync': 'Integration synced',
  'account.name_change': 'Name changed',
  'account.password_change': 'Password changed',
  'account.password_change_failed': 'Password change failed',
  'account.session_end': 'Session ended',
  'account.sign_out_everywhere': 'Signed out everywhere',
};

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * "Tenant created" for `tenant.create`. An action this screen does not know yet (a newer server)
 * still reads as words: `group.member_move` would be "Group: member move".
 */
export function actionLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const [family = '', verb = ''] = action.split('.');
  const words = (text: string) => text.replaceAll('_', ' ');
  return verb ? `${sentence(words(family))}: ${words(verb)}` : sentence(words(family));
}

/** The filter select: per family, "every <family> action" (a code ending in a dot), then each action. */
export function actionGroups(actions: readonly string[]) {
  const groups = new Map<string, string[]>();
  for (const action of actions) {
    const family = action.split('.')[0] ?? action;
    groups.set(family, [...(groups.get(family) ?? []), action]);
  }
  return [...groups].map(([family, members]) => ({ family, all: `${family}.`, actions: members }));
}

/**
 * Which page of the log: the newest (null), the one just older or just newer than an event (the
 * server's cursors, so every page costs the same however deep), or the oldest.
 */
export type AuditPosition = { older: string } | { newer: string } | { oldest: true } | null;

/** The filters as the URL keeps them: dates are days (`2026-11-26`) in the viewer's time zone. */
export interface AuditView {
  tenantId: string;
  person: string;
  action: string;
  from: string;
  to: string;
  position: AuditPosition;
}
export const AUDIT_PARAMS = [
  'tenant',
  'person',
  'action',
  'from',
  'to',
  'older',
  'newer',
  'oldest',
] as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CURSOR = /^[1-9]\d{0,18}$/;

function readPosition(params: URLSearchParams): AuditPosition {
  const older = params.get('older') ?? '';
  const newer = params.get('newer') ?? '';
  if (CURSOR.test(older)) return { older };
  if (CURSOR.test(newer)) return { newer };
  return params.get('oldest') === 'true' ? { oldest: true } : null;
}

/** The server's paging fields for a position. */
export const positionQuery = (
  position: AuditPosition,
): Pick<AuditQuery, 'older' | 'newer' | 'oldest'> =>
  position === null
    ? {}
    : 'older' in position
      ? { older: position.older }
      : 'newer' in position
        ? { newer: position.newer }
        : { oldest: 'true' };

/** "Events (1,234)", or "Events (more than 10,000)" when the server stopped counting. */
export function eventsHeading(page: Pick<AuditPage, 'total' | 'totalCapped'> | undefined): string {
  if (!page) return 'Events';
  const count = page.totalCapped
    ? `more than ${AUDIT_COUNT_CAP.toLocaleString('en-US')}`
    : page.total.toLocaleString('en-US');
  return `Events (${count})`;
}

export function readAuditView(params: URLSearchParams): AuditView {
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : '';
  };
  return {
    tenantId: params.get('tenant') ?? '',
    person: params.get('person') ?? '',
    action: params.get('action') ?? '',
    from: day('from'),
    to: day('to'),
    position: readPosition(params),
  };
}

/** The URL for a changed view; empty filters and the newest page are left out to keep links short. */
export function writeAuditView(params: URLSearchParams, view: AuditView): URLSearchParams {
  const next = new URLSearchParams(params);
  const values: Record<(typeof AUDIT_PARAMS)[number], string> = {
    tenant: view.tenantId,
    person: view.person,
    action: view.action,
    from: view.from,
    to: view.to,
    ...{ older: '', newer: '', oldest: '' },
    ...(view.position === null
      ? {}
      : 'older' in view.position
        ? { older: view.position.older }
        : 'newer' in view.position
          ? { newer: view.position.newer }
          : { oldest: 'true' }),
  };
  for (const name of AUDIT_PARAMS) {
    if (values[name]) next.set(name, values[name]);
    else next.delete(name);
  }
  return next;
}

/** Whether any filter narrows the log (the empty state then says nothing matched). */
export const isFiltered = (view: AuditView) =>
  Boolean(view.tenantId || view.person.trim() || view.action || view.from || view.to);

/**
 * The actions the filter offers: the recorded ones, plus the one a link names (so the select shows
 * it), sorted; "every <family> action" (a code ending in a dot) is offered by its group instead.
 */
export function actionChoices(recorded: readonly string[], chosen: string): string[] {
  const named = chosen && !chosen.endsWith('.') ? [chosen] : [];
  return [...new Set([...recorded, ...named])].sort();
}

/** Midnight at the start of a local day, or of the day after (`+1`), as an instant. */
function localDay(day: string, plus = 0): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (date ?? 1) + plus);
}

/** "The start date is after the end date", or null when the range is fine (or open). */
export function rangeError(view: Pick<AuditView, 'from' | 'to'>): string | null {
  return view.from && view.to && view.from > view.to
    ? 'The start date is after the end date'
    : null;
}

/**
 * The server's filters for a view: whole local days, so "to 26 Nov" includes all of that day
 * wherever the viewer is. The person search is trimmed; blanks are left out.
 */
export function auditFilters(view: AuditView): AuditFilters {
  const person = view.person.trim();
  return {
    ...(view.tenantId ? { tenantId: view.tenantId } : {}),
    ...(view.action ? { action: view.action } : {}),
    ...(person ? { person } : {}),
    ...(view.from ? { from: localDay(view.from).toISOString() } : {}),
    ...(view.to ? { to: new Date(localDay(view.to, 1).getTime() - 1).toISOString() } : {}),
  };
}

/** The name the server gave the download, else the same dated name it would give. */
export function exportFileName(contentDisposition: string | null, now = new Date()): string {
  const named = /filename="([^"]+)"/.exec(contentDisposition ?? '')?.[1];
  return named && /^[\w.-]+$/.test(named) ? named : auditExportFileName(now);
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Infinity],
];

/** "5 minutes ago", "yesterday": how long ago an event was, for the time's tooltip. */
export function relativeTime(at: string, now = Date.now()): string {
  let amount = (new Date(at).getTime() - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return RELATIVE.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

const LOCAL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** The event's time in the viewer's time zone and locale, to the second. */
export const localTime = (at: string) => LOCAL.format(new Date(at));
