import type { Db } from '../../db/database.ts';
import type { Principal } from '../../shared/principal.ts';
import type { Actor } from '../../shared/actor.ts';
import { insertAuditEvent } from './audit.repository.ts';

/**
 * Stable action names; the audit API filters on them and the portal labels them. Which route
 * records which is checked by test/routes/audit/audit-completeness.test.ts.
 */
export type AuditAction =
  | 'auth.login'
  | 'auth.login_failed'
  | 'auth.locked'
  | 'auth.logout'
  | 'auth.refresh_reuse'
  | 'auth.password_reset_requested'
  | 'auth.password_reset'
  | 'auth.invitation_accepted'
  | 'auth.invitation_renewal_requested'
  | 'auth.oidc_login'
  | 'auth.oidc_refused'
  | 'auth.mfa_failed'
  | 'auth.recovery_code_used'
  | `tenant.${'create' | 'update' | 'delete'}`
  | `user.${'create' | 'update_role' | 'delete' | 'invitation_resend' | 'invitation_revoke' | 'invite_existing_account'}`
  | 'settings.update'
  | `upload.${'logo'}`
  | `report.${'grant' | 'revoke' | 'sync'}`
  | `integration.${'connect' | 'reconnect' | 'disconnect' | 'sync'}`
  | `account.${'name_change' | 'password_change' | 'password_change_failed' | 'session_end' | 'sign_out_everywhere'}`
  | `account.mfa_${'totp_enabled' | 'totp_removed' | 'passkey_added' | 'passkey_renamed' | 'passkey_removed' | 'recovery_codes_regenerated'}`
  | `account.${'reauth_failed' | 'recovery_code_used'}`
  | 'settings.mfa_policy'
  | 'user.mfa_reset'
  | (string & {});

export interface AuditEntry {
  action: AuditAction;
  /** Who acted: the principal, or for sign-in events the person the attempt was for. */
  actor?: Pick<Principal, 'userId' | 'email'> | null;
  tenantId?: string | null;
  target?: string | null;
  ip?: string | null;
  details?: Record<string, unknown>;
}

/** Records one event. Never pass secrets in `details`. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await insertAuditEvent(db, {
    action: entry.action,
    actor_id: entry.actor?.userId ?? null,
    actor_email: entry.actor?.email ?? null,
    tenant_id: entry.tenantId ?? null,
    target: entry.target ?? null,
    ip: entry.ip ?? null,
    details: entry.details ? JSON.stringify(entry.details) : null,
  });
}

/** `audit` for a change made by `actor`. */
export const auditChange = (
  db: Db,
  actor: Actor,
  entry: Omit<AuditEntry, 'actor' | 'ip'>,
): Promise<void> => audit(db, { ...entry, actor: actor.principal, ip: actor.ip });

/** What a partial update set (the fields left out are undefined), for an entry's `details`. */
export const definedFields = (changes: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
