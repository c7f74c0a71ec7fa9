import {
  AccessMatrix,
  AccessMatrixQuery,
  CreateGroupRequest,
  ErrorBody,
  GroupDetail,
  GroupList,
  GroupMemberParams,
  GroupReportParams,
  Ok,
  TenantGroupParams,
  TenantIdParams,
  UpdateGroupRequest,
} from '@canopy/portal-contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessMatrix,
  accessMatrixCsv,
  accessMatrixFileName,
} from '../../../modules/groups/access-matrix.service.ts';
import {
  createGroup,
  deleteGroup,
  getGroup,
  listGroups,
  setGroupGrant,
  setMembership,
  updateGroup,
} from '../../../modules/groups/groups.service.ts';
import { actorOf, principalOf } from '../../../plugins/app/authenticate.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['groups'];
const access = 'tenant-admin' as const;

/**
 * A tenant's groups, their members and report grants, and the tenant's access matrix, under
 * /api/tenants/:tenantId. Tenant Admins reach their own tenant, super administrators any; the
 * rules are in modules/groups.
 */
const groups: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:tenantId/groups',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'listGroups',
        summary: "A tenant's groups with member counts and granted reports",
        params: TenantIdParams,
        response: { 200: GroupList, ...errors },
      },
    },
    (request) => listGroups(app.db, principalOf(request), request.params.tenantId),
  );

  app.post(
    '/:tenantId/groups',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'createGroup',
        summary: 'Create a group (its name is unique in the tenant, whatever the case)',
        params: TenantIdParams,
        body: CreateGroupRequest,
        response: { 201: GroupDetail, ...errors, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      const group = await createGroup(
        app.db,
        actorOf(request),
        request.params.tenantId,
        request.body,
      );
      return reply.code(201).send(group);
    },
  );

  app.get(
    '/:tenantId/groups/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'getGroup',
        summary: 'A group with its members and granted reports',
        params: TenantGroupParams,
        response: { 200: GroupDetail, ...errors },
      },
    },
    (request) => getGroup(app.db, principalOf(request), request.params.tenantId, request.params.id),
  );

  app.patch(
    '/:tenantId/groups/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'updateGroup',
        summary: 'Rename a group or change its description',
        params: TenantGroupParams,
        body: UpdateGroupRequest,
        response: { 200: GroupDetail, ...errors, 409: ErrorBody },
      },
    },
    (request) =>
      updateGroup(
        app.db,
        actorOf(request),
        request.params.tenantId,
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/:tenantId/groups/:id',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'deleteGroup',
        summary: 'Delete a group: its members lose the access it gave at once',
        params: TenantGroupParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      await deleteGroup(app.db, actorOf(request), request.params.tenantId, request.params.id);
      return { ok: true as const };
    },
  );

  app.put(
    '/:tenantId/groups/:id/members/:userId',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'addGroupMember',
        summary: 'Add a person of the same tenant to a group (idempotent)',
        params: GroupMemberParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const { tenantId, id, userId } = request.params;
      await setMembership(app.db, actorOf(request), tenantId, id, userId, true);
      return { ok: true as const };
    },
  );

  app.delete(
    '/:tenantId/groups/:id/members/:userId',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'removeGroupMember',
        summary: 'Remove a person from a group: the access it gave ends at once',
        params: GroupMemberParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const { tenantId, id, userId } = request.params;
      await setMembership(app.db, actorOf(request), tenantId, id, userId, false);
      return { ok: true as const };
    },
  );

  app.put(
    '/:tenantId/groups/:id/reports/:reportId',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'grantGroupReport',
        summary: "Let a group's members open a report of the tenant (idempotent)",
        params: GroupReportParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const { tenantId, id, reportId } = request.params;
      await setGroupGrant(app.db, actorOf(request), tenantId, id, reportId, true);
      return { ok: true as const };
    },
  );

  app.delete(
    '/:tenantId/groups/:id/reports/:reportId',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'revokeGroupReport',
        summary: "Remove a report from a group: its members' access through it ends at once",
        params: GroupReportParams,
        response: { 200: Ok, ...errors },
      },
    },
    async (request) => {
      const { tenantId, id, reportId } = request.params;
      await setGroupGrant(app.db, actorOf(request), tenantId, id, reportId, false);
      return { ok: true as const };
    },
  );

  app.get(
    '/:tenantId/access-matrix',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'getAccessMatrix',
        summary: "Who may open which of the tenant's reports, and why",
        params: TenantIdParams,
        querystring: AccessMatrixQuery,
        response: { 200: AccessMatrix, ...errors },
      },
    },
    (request) => accessMatrix(app.db, principalOf(request), request.params.tenantId, request.query),
  );

  app.get(
    '/:tenantId/access-matrix/export.csv',
    {
      config: { access },
      schema: {
        tags,
        operationId: 'exportAccessMatrix',
        summary: 'The access matrix as CSV: a row per person, a column per report',
        description:
          'Same filters as the matrix. RFC 4180 CSV in UTF-8; each cell names why the person may ' +
          'open the report (Admin, Direct, Group: <name>) or is empty; cells starting with = + - @ ' +
          "get a leading ' so spreadsheets do not run them.",
        params: TenantIdParams,
        querystring: AccessMatrixQuery,
        response: { 200: z.string().describe('RFC 4180 CSV (text/csv)'), ...errors },
      },
    },
    async (request, reply) => {
      const matrix = await accessMatrix(
        app.db,
        principalOf(request),
        request.params.tenantId,
        request.query,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${accessMatrixFileName(new Date())}"`)
        .header('cache-control', 'no-store')
        .send(accessMatrixCsv(matrix));
    },
  );
};

export default groups;
