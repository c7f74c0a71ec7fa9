import { z } from 'zod';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AuditActions,
  AuditFilters,
  AuditPage,
  AuditQuery,
} from '../audit.ts';
import { endpoint, errors } from '../endpoint.ts';

const tags = ['audit'];
const access = 'superadmin';
const refusals = errors(400, 401, 403);

/** The audit log: sign-in events and every administrative change, for super administrators. */
export const auditEndpoints = {
  listAuditEvents: endpoint({
    operationId: 'listAuditEvents',
    method: 'GET',
    path: '/api/admin/audit',
    summary:
      'Audit events, newest first (filter by tenantId, action, person and from/to; page with limit and the older/newer cursors, or oldest=true)',
    tags,
    access,
    query: AuditQuery,
    responses: { 200: AuditPage, ...refusals },
  }),
  listAuditActions: endpoint({
    operationId: 'listAuditActions',
    method: 'GET',
    path: '/api/admin/audit/actions',
    summary: 'Every action name the portal records, sorted (for the action filter)',
    tags,
    access,
    responses: { 200: AuditActions, ...errors(401, 403) },
  }),
  exportAuditEvents: endpoint({
    operationId: 'exportAuditEvents',
    method: 'GET',
    path: '/api/admin/audit/export.csv',
    summary: `The filtered audit log as CSV, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} rows`,
    description:
      'Same filters as the list. RFC 4180 CSV in UTF-8; cells starting with = + - @ get a ' +
      "leading ' so spreadsheets do not run them. `x-audit-total` says how many events " +
      'matched; `x-audit-truncated: true` when there were more than the file holds.',
    tags,
    access,
    query: AuditFilters,
    // The body is a CSV stream, sent as is (Fastify serialises no stream).
    responses: { 200: z.unknown().describe('RFC 4180 CSV (text/csv)'), ...refusals },
  }),
};
