import type { SignedInPerson } from '@canopy/portal-contract';
import type { LoginCandidate } from './login.repository.ts';
import type { IssuedSession } from './session.service.ts';

/** The person part of the signed-in body (the portal's session), without the token. */
export type PersonInfo = Omit<SignedInPerson, 'token' | 'expiresAt' | 'mfaEnrolmentRequired'>;

export function personInfo(row: LoginCandidate): PersonInfo {
  return {
    id: row.id,
    email: row.email,
    type: row.is_super_admin ? 'superadmin' : 'tenant-user',
    roles: row.roles,
    tenantId: row.tenant_id,
    theme: row.theme ?? null,
    primaryColor: row.primary_color ?? null,
    firstName: row.first_name,
    lastName: row.last_name,
  };
}

/** Whether the person may hold a session now: super administrators, or members of an active tenant. */
export const mayBeSignedIn = (row: LoginCandidate) =>
  row.is_super_admin || row.tenant_status === 'active';

/** What sign-in, refresh and the external sign-in exchange answer. */
export const signedInBody = (person: PersonInfo, session: IssuedSession): SignedInPerson => ({
  ...person,
  token: session.accessToken,
  expiresAt: session.expiresAt.toISOString(),
  mfaEnrolmentRequired: session.mfaEnrolmentOnly,
});
