import type { FastifyRequest } from 'fastify';
import type { TokenClaims } from '../auth/claims.ts';
import { authenticateEmbed } from '../auth/bearer.ts';
import type { EmulatorContext } from '../context.ts';
import { EmulatorError, notFound } from '../errors.ts';
import type { DatasetRecord, ReportRecord } from '../state/records.ts';

/** In the /_emulator API a token that does not cover a resource is a 403 (contract). */
export const notAuthorized = (what: string) =>
  new EmulatorError('PowerBINotAuthorizedException', `The token does not cover ${what}`, [], 403);

export function claimsOf(context: EmulatorContext, request: FastifyRequest): TokenClaims {
  return authenticateEmbed(context, request);
}

export function reportOr404(context: EmulatorContext, reportId: string): ReportRecord {
  const record = context.registry.reports.get(reportId);
  if (!record) throw notFound(`Report ${reportId}`);
  return record;
}

export function datasetOr404(context: EmulatorContext, datasetId: unknown): DatasetRecord {
  const record =
    typeof datasetId === 'string' ? context.registry.datasets.get(datasetId) : undefined;
  if (!record) throw notFound(`Dataset ${String(datasetId)}`);
  return record;
}
