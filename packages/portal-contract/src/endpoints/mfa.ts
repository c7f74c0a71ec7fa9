import { IdParams, Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import {
  ConfirmTotpRequest,
  MfaEnrolmentResult,
  MfaStatus,
  PasskeyCreationOptions,
  Passkey,
  PasskeyIdParams,
  PasskeyRequestOptions,
  Reauthentication,
  RecoveryCodes,
  RegisteredPasskey,
  RegisterPasskeyRequest,
  RenamePasskeyRequest,
  SecondFactorSignIn,
  SecondFactorTicketRequest,
  SecondFactorVerifyRequest,
  TenantSecurity,
  TotpEnrolment,
} from '../mfa.ts';

const tags = ['two-step verification'];

/**
 * Two-step verification (docs/security.md): the second step of sign-in, setting up and removing
 * factors on My account, an organisation's policy, and an administrator's reset. Endpoints marked
 * `mfaEnrolment` also answer a session that is restricted to setting up a first factor.
 */
export const mfaEndpoints = {
  startPasskeySignIn: endpoint({
    operationId: 'startPasskeySignIn',
    method: 'POST',
    path: '/api/auth/mfa/passkey-options',
    summary: "The WebAuthn request options for the second step's passkey (needs the ticket)",
    description:
      'Only for a ticket whose methods include `passkey`. A new call replaces the challenge of ' +
      'the previous one.',
    tags,
    access: 'public',
    body: SecondFactorTicketRequest,
    responses: { 200: PasskeyRequestOptions, ...errors(400, 401, 429) },
  }),
  verifySecondFactor: endpoint({
    operationId: 'verifySecondFactor',
    method: 'POST',
    path: '/api/auth/mfa/verify',
    summary: 'Complete sign-in with a second factor: a session, like sign-in',
    description:
      'A wrong code or passkey is 400 MFA_CODE_INVALID / PASSKEY_REJECTED and counts towards ' +
      'the same lockout as a wrong password (five in a row lock the account for 15 minutes and ' +
      'end the ticket). An unknown, used or expired ticket is 401 MFA_TICKET_INVALID: sign in ' +
      'with the password again. A TOTP code works once; a recovery code works once and the ' +
      'answer says how many are left.',
    tags,
    access: 'public',
    body: SecondFactorVerifyRequest,
    responses: { 200: SecondFactorSignIn, ...errors(400, 401, 403, 429) },
  }),

  getMfaStatus: endpoint({
    operationId: 'getMfaStatus',
    method: 'GET',
    path: '/api/account/mfa',
    summary: 'My second factors, and whether one is required',
    tags,
    access: 'signed-in',
    mfaEnrolment: true,
    responses: { 200: MfaStatus, ...errors(401) },
  }),
  startTotpEnrolment: endpoint({
    operationId: 'startTotpEnrolment',
    method: 'POST',
    path: '/api/account/mfa/totp',
    summary: 'Start setting up an authenticator app: a new secret, unused until confirmed',
    description:
      'A new call replaces a secret not yet confirmed. 409 MFA_TOTP_ALREADY_ENABLED when an ' +
      'app is already set up (remove it first).',
    tags,
    access: 'signed-in',
    mfaEnrolment: true,
    responses: { 200: TotpEnrolment, ...errors(401, 409) },
  }),
  confirmTotpEnrolment: endpoint({
    operationId: 'confirmTotpEnrolment',
    method: 'POST',
    path: '/api/account/mfa/totp/confirm',
    summary: 'Finish setting up the authenticator app with a code it shows',
    description:
      'With the first factor, the answer carries ten recovery codes, shown this once. A ' +
      'session restricted to set-up becomes a full one. 409 MFA_ENROLMENT_NOT_STARTED without ' +
      'a started set-up; 400 MFA_CODE_INVALID for a wrong code.',
    tags,
    access: 'signed-in',
    mfaEnrolment: true,
    body: ConfirmTotpRequest,
    responses: { 200: MfaEnrolmentResult, ...errors(400, 401, 409) },
  }),
  removeTotp: endpoint({
    operationId: 'removeTotp',
    method: 'POST',
    path: '/api/account/mfa/totp/remove',
    summary: 'Remove the authenticator app (current password or a fresh code required)',
    description:
      'A wrong password (400 WRONG_PASSWORD) or code (400 MFA_CODE_INVALID) counts towards the ' +
      'sign-in lockout. 409 MFA_REQUIRED_BY_POLICY when it is the last factor and one is ' +
      'required; removing the last factor also removes the recovery codes.',
    tags,
    access: 'signed-in',
    body: Reauthentication,
    responses: { 200: Ok, ...errors(400, 401, 404, 409, 429) },
  }),
  startPasskeyRegistration: endpoint({
    operationId: 'startPasskeyRegistration',
    method: 'POST',
    path: '/api/account/mfa/passkeys/options',
    summary: 'The WebAuthn creation options for adding a passkey',
    tags,
    access: 'signed-in',
    mfaEnrolment: true,
    responses: { 200: PasskeyCreationOptions, ...errors(401) },
  }),
  registerPasskey: endpoint({
    operationId: 'registerPasskey',
    method: 'POST',
    path: '/api/account/mfa/passkeys',
    summary: "Add a passkey: the browser's answer to the creation options, and a name",
    description:
      'With the first factor, the answer carries ten recovery codes, shown this once. 400 ' +
      'PASSKEY_CHALLENGE_EXPIRED without fresh options (5 minutes); 400 PASSKEY_REJECTED when ' +
      'the answer does not verify or the passkey is already registered.',
    tags,
    access: 'signed-in',
    mfaEnrolment: true,
    body: RegisterPasskeyRequest,
    responses: { 201: RegisteredPasskey, ...errors(400, 401) },
  }),
  renamePasskey: endpoint({
    operationId: 'renamePasskey',
    method: 'PATCH',
    path: '/api/account/mfa/passkeys/:passkeyId',
    summary: 'Rename one of my passkeys',
    tags,
    access: 'signed-in',
    params: PasskeyIdParams,
    body: RenamePasskeyRequest,
    responses: { 200: Passkey, ...errors(400, 401, 404) },
  }),
  removePasskey: endpoint({
    operationId: 'removePasskey',
    method: 'POST',
    path: '/api/account/mfa/passkeys/:passkeyId/remove',
    summary: 'Remove one of my passkeys (current password or a fresh code required)',
    description: 'The same rules as removing the authenticator app.',
    tags,
    access: 'signed-in',
    params: PasskeyIdParams,
    body: Reauthentication,
    responses: { 200: Ok, ...errors(400, 401, 404, 409, 429) },
  }),
  regenerateRecoveryCodes: endpoint({
    operationId: 'regenerateRecoveryCodes',
    method: 'POST',
    path: '/api/account/mfa/recovery-codes',
    summary: 'Ten new recovery codes, shown once; the old ones stop working',
    description:
      'Current password or a fresh code required. 409 MFA_NOT_ENABLED without a second factor.',
    tags,
    access: 'signed-in',
    body: Reauthentication,
    responses: { 200: RecoveryCodes, ...errors(400, 401, 409, 429) },
  }),

  getTenantSecurity: endpoint({
    operationId: 'getTenantSecurity',
    method: 'GET',
    path: '/api/tenants/:tenantId/security',
    summary: "The organisation's sign-in policy (its Admins and super administrators)",
    tags,
    access: 'tenant-admin',
    params: TenantIdParams,
    responses: { 200: TenantSecurity, ...errors(400, 401, 403, 404) },
  }),
  updateTenantSecurity: endpoint({
    operationId: 'updateTenantSecurity',
    method: 'PUT',
    path: '/api/tenants/:tenantId/security',
    summary: 'Require two-step verification for everyone in the organisation, or not',
    description:
      'Applies at each next sign-in: a person without a factor then gets a session restricted ' +
      'to setting one up. Audited.',
    tags,
    access: 'tenant-admin',
    params: TenantIdParams,
    body: TenantSecurity,
    responses: { 200: TenantSecurity, ...errors(400, 401, 403, 404) },
  }),
  resetUserMfa: endpoint({
    operationId: 'resetUserMfa',
    method: 'DELETE',
    path: '/api/users/mfa/:id',
    summary: "Remove a person's second factors and end their sessions (audited, mailed)",
    description:
      "A tenant Admin: their own tenant's people; a super administrator: anyone, other super " +
      'administrators included. Not oneself (409 CANNOT_CHANGE_SELF): use My account.',
    tags,
    access: 'tenant-admin',
    params: IdParams,
    responses: { 200: Ok, ...errors(400, 401, 403, 404, 409) },
  }),
};
