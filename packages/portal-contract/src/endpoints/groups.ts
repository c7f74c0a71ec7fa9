import { z } from 'zod';
import { Ok, TenantIdParams } from '../common.ts';
import { endpoint, errors } from '../endpoint.ts';
import {
  AccessMatrix,
  AccessMatrixQuery,
  CreateGroupRequest,
  GroupDetail,
  GroupList,
  GroupMemberParams,
  GroupReportParams,
  TenantGroupParams,
  UpdateGroupRequest,
} from '../groups.ts';

const tags = ['groups'];
const access = 'tenant-admin';
const failures = errors(400, 401, 403, 404);

/**
 * A tenant's groups, their members and report grants, and the tenant's access matrix. Tenant
 * Admins reach their own tenant, super administrators any.
 */
export const groupsEndpoints = {
  listGroups: endpoint({
    operationId: 'listGroups',
    method: 'GET',
    path: '/api/tenants/:tenantId/groups',
    summary: "A tenant's groups with member counts and granted reports",
    tags,
    access,
    params: TenantIdParams,
    responses: { 200: GroupList, ...failures },
  }),
  createGroup: endpoint({
    operationId: 'createGroup',
    method: 'POST',
    path: '/api/tenants/:tenantId/groups',
    summary: 'Create a group (its name is unique in the tenant, whatever the case)',
    tags,
    access,
    params: TenantIdParams,
    body: CreateGroupRequest,
    responses: { 201: GroupDetail, ...failures, ...errors(409) },
  }),
  getGroup: endpoint({
    operationId: 'getGroup',
    method: 'GET',
    path: '/api/tenants/:tenantId/groups/:id',
    summary: 'A group with its members and granted reports',
    tags,
    access,
    params: TenantGroupParams,
    responses: { 200: GroupDetail, ...failures },
  }),
  updateGroup: endpoint({
    operationId: 'updateGroup',
    method: 'PATCH',
    path: '/api/tenants/:tenantId/groups/:id',
    summary: 'Rename a group or change its description',
    tags,
    access,
    params: TenantGroupParams,
    body: UpdateGroupRequest,
    responses: { 200: GroupDetail, ...failures, ...errors(409) },
  }),
  deleteGroup: endpoint({
    operationId: 'deleteGroup',
    method: 'DELETE',
    path: '/api/tenants/:tenantId/groups/:id',
    summary: 'Delete a group: its members lose the access it gave at once',
    tags,
    access,
    params: TenantGroupParams,
    responses: { 200: Ok, ...failures },
  }),
  addGroupMember: endpoint({
    operationId: 'addGroupMember',
    method: 'PUT',
    path: '/api/tenants/:tenantId/groups/:id/members/:userId',
    summary: 'Add a person of the same tenant to a group (idempotent)',
    tags,
    access,
    params: GroupMemberParams,
    responses: { 200: Ok, ...failures },
  }),
  removeGroupMember: endpoint({
    operationId: 'removeGroupMember',
    method: 'DELETE',
    path: '/api/tenants/:tenantId/groups/:id/members/:userId',
    summary: 'Remove a person from a group: the access it gave ends at once',
    tags,
    access,
    params: GroupMemberParams,
    responses: { 200: Ok, ...failures },
  }),
  grantGroupReport: endpoint({
    operationId: 'grantGroupReport',
    method: 'PUT',
    path: '/api/tenants/:tenantId/groups/:id/reports/:reportId',
    summary: "Let a group's members open a report of the tenant (idempotent)",
    tags,
    access,
    params: GroupReportParams,
    responses: { 200: Ok, ...failures },
  }),
  revokeGroupReport: endpoint({
    operationId: 'revokeGroupReport',
    method: 'DELETE',
    path: '/api/tenants/:tenantId/groups/:id/reports/:reportId',
    summary: "Remove a report from a group: its members' access through it ends at once",
    tags,
    access,
    params: GroupReportParams,
    responses: { 200: Ok, ...failures },
  }),
  getAccessMatrix: endpoint({
    operationId: 'getAccessMatrix',
    method: 'GET',
    path: '/api/tenants/:tenantId/access-matrix',
    summary: "Who may open which of the tenant's reports, and why",
    tags,
    access,
    params: TenantIdParams,
    query: AccessMatrixQuery,
    responses: { 200: AccessMatrix, ...failures },
  }),
  exportAccessMatrix: endpoint({
    operationId: 'exportAccessMatrix',
    method: 'GET',
    path: '/api/tenants/:tenantId/access-matrix/export.csv',
    summary: 'The access matrix as CSV: a row per person, a column per report',
    description:
      'Same filters as the matrix. RFC 4180 CSV in UTF-8; each cell names why the person may ' +
      'open the report (Admin, Direct, Group: <name>) or is empty; cells starting with = + - @ ' +
      "get a leading ' so spreadsheets do not run them.",
    tags,
    access,
    params: TenantIdParams,
    query: AccessMatrixQuery,
    responses: { 200: z.string().describe('RFC 4180 CSV (text/csv)'), ...failures },
  }),
};
