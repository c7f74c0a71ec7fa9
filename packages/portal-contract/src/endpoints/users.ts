import { IdParams, Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import {
  BulkInviteRequest,
  BulkInviteResponse,
  CreateUserRequest,
  UpdateUserRequest,
  User,
  UserCount,
  UserList,
} from '../users.ts';

const tags = ['users'];
const failures = errors(400, 401, 403, 404);

/**
 * A tenant's people. Super administrators manage anyone's; a tenant Admin their own tenant's; a
 * Viewer reads their tenant's list. Who may touch whom is the server's rule, per person.
 */
export const usersEndpoints = {
  listTenantUsers: endpoint({
    operationId: 'listTenantUsers',
    method: 'GET',
    path: '/api/users/tenant/:tenantId',
    summary: "A tenant's people",
    tags,
    access: 'signed-in',
    params: TenantIdParams,
    responses: { 200: UserList, ...failures },
  }),
  inviteUser: endpoint({
    operationId: 'inviteUser',
    method: 'POST',
    path: '/api/users',
    summary: 'Invite a person to a tenant (the password sent is ignored; see server/README.md)',
    tags,
    access: 'tenant-admin',
    body: CreateUserRequest,
    responses: { 201: User, ...failures, ...errors(409, 503) },
  }),
  inviteUsers: endpoint({
    operationId: 'inviteUsers',
    method: 'POST',
    path: '/api/users/invitations',
    summary: 'Invite several people to a tenant with one role (a result per address)',
    description:
      'Each address is invited like a single person; one that is not an email address ' +
      '(`invalid`) or already has an account (`exists`) is skipped, the others are created.',
    tags,
    access: 'tenant-admin',
    body: BulkInviteRequest,
    responses: { 200: BulkInviteResponse, ...failures, ...errors(503) },
  }),
  resendInvitation: endpoint({
    operationId: 'resendInvitation',
    method: 'POST',
    path: '/api/users/invitations/:id',
    summary: 'Mail an invited person a new invitation link (the old one stops working)',
    tags,
    access: 'tenant-admin',
    params: IdParams,
    responses: { 200: User, ...failures, ...errors(409, 503) },
  }),
  revokeInvitation: endpoint({
    operationId: 'revokeInvitation',
    method: 'DELETE',
    path: '/api/users/invitations/:id',
    summary: 'Withdraw an invitation: delete the never-activated account and its links',
    tags,
    access: 'tenant-admin',
    params: IdParams,
    responses: { 200: Ok, ...failures, ...errors(409) },
  }),
  updateUserRole: endpoint({
    operationId: 'updateUserRole',
    method: 'PUT',
    path: '/api/users/:id',
    summary: "Change a person's role (ends their sessions)",
    tags,
    access: 'tenant-admin',
    params: IdParams,
    body: UpdateUserRequest,
    responses: { 200: User, ...failures, ...errors(409) },
  }),
  deleteUser: endpoint({
    operationId: 'deleteUser',
    method: 'DELETE',
    path: '/api/users/:id',
    summary: 'Delete a person',
    tags,
    access: 'tenant-admin',
    params: IdParams,
    responses: { 200: Ok, ...failures, ...errors(409) },
  }),
  countTenantUsers: endpoint({
    operationId: 'countTenantUsers',
    method: 'GET',
    path: '/api/admin/users',
    summary: 'How many people belong to tenants (super administrators not counted)',
    tags,
    access: 'superadmin',
    responses: { 200: UserCount, ...errors(401, 403) },
  }),
};
