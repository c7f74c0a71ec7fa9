import {
  AccountSessions,
  ChangePasswordRequest,
  ChangePasswordResponse,
  SessionIdParams,
  UpdateNameRequest,
} from '../account.ts';
import { Ok } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import { User } from '../users.ts';

const tags = ['account'];
const access = 'signed-in';

/**
 * My account: every signed-in person (super administrators, tenant Admins and Viewers) reads and
 * changes their own name and password and sees and ends their own sessions. Nothing here takes a
 * person's id: the caller is the only person these endpoints touch.
 */
export const accountEndpoints = {
  getAccount: endpoint({
    operationId: 'getAccount',
    method: 'GET',
    path: '/api/account',
    summary: 'The signed-in person',
    tags,
    access,
    mfaEnrolment: true,
    responses: { 200: User, ...errors(401) },
  }),
  updateAccountName: endpoint({
    operationId: 'updateAccountName',
    method: 'PATCH',
    path: '/api/account',
    summary: 'Set or clear the display name',
    description:
      'Both names are trimmed and given together (1 to 100 characters each), or both empty ' +
      'to clear the name; the portal then derives a name from the email.',
    tags,
    access,
    body: UpdateNameRequest,
    responses: { 200: User, ...errors(400, 401) },
  }),
  changeAccountPassword: endpoint({
    operationId: 'changeAccountPassword',
    method: 'POST',
    path: '/api/account/password',
    summary: 'Change the password (ends every other session)',
    description:
      'The current password is required; a wrong one (400 WRONG_PASSWORD) counts towards ' +
      'the same lockout as a failed sign-in. The new password must have at least 8 ' +
      'characters, an uppercase letter and a digit. This session stays signed in; the ' +
      'owner is mailed a notice of the change.',
    tags,
    access,
    body: ChangePasswordRequest,
    responses: { 200: ChangePasswordResponse, ...errors(400, 401, 409, 429) },
  }),
  listAccountSessions: endpoint({
    operationId: 'listAccountSessions',
    method: 'GET',
    path: '/api/account/sessions',
    summary: 'The live sessions of the signed-in person (this one first)',
    tags,
    access,
    responses: { 200: AccountSessions, ...errors(401) },
  }),
  endAccountSession: endpoint({
    operationId: 'endAccountSession',
    method: 'DELETE',
    path: '/api/account/sessions/:sessionId',
    summary: 'Sign out one of my sessions',
    description: "Another person's session, or an ended one, is 404 like an unknown id.",
    tags,
    access,
    params: SessionIdParams,
    responses: { 200: Ok, ...errors(400, 401, 404) },
  }),
  endAllAccountSessions: endpoint({
    operationId: 'endAllAccountSessions',
    method: 'DELETE',
    path: '/api/account/sessions',
    summary: 'Sign out everywhere: ends every session of mine, this one included',
    tags,
    access,
    responses: { 200: Ok, ...errors(401) },
  }),
};
