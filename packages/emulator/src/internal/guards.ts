import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/claims.ts';
import type { EmulatorContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { forbidden } from '../policy/denials.ts';
import { embedClaimsOf } from '../policy/embed-guard.ts';
import type { DashboardRecord, DatasetRecord, ReportRecord } from '../state/records.ts';

/** In the /_emulator API a token that does not cover a resource is a 403. */
export const notAuthorized = (what: string) => forbidden(`The token does not cover ${what}`);

/** The verified token of the request (the embed guard checked it before the handler ran). */
export function claimsOf(_context: EmulatorContext, request: FastifyRequest): TokenClaims {
  return embedClaimsOf(request);
}

export function reportOr404(context: EmulatorContext, reportId: unknown): ReportRecord {
  const record = typeof reportId === 'string' ? context.registry.reports.get(reportId) : undefined;
  if (!record) throw notFound(`Report ${String(reportId)}`);
  return record;
}

export function datasetOr404(context: EmulatorContext, datasetId: unknown): DatasetRecord {
  const record =
    typeof datasetId === 'string' ? context.registry.datasets.get(datasetId) : undefined;
  if (!record) throw notFound(`Dataset ${String(datasetId)}`);
  return record;
}

export function dashboardOr404(context: EmulatorContext, dashboardId: unknown): DashboardRecord {
  const record =
    typeof dashboardId === 'string' ? context.registry.dashboards.get(dashboardId) : undefined;
  if (!record) throw notFound(`Dashboard ${String(dashboardId)}`);
  return record;
}
