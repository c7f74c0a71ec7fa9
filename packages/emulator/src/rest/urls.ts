import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';

/**
 * The public base URL of this emulator (origin + mount prefix): the configured baseUrl, else the
 * request's own origin, so embedUrl values work whatever host and port the emulator is reached on.
 */
export function baseUrl(context: EmulatorContext, request: FastifyRequest, prefix: string): string {
  if (context.config.baseUrl) return context.config.baseUrl;
  return `${request.protocol}://${request.host}${prefix}`;
}

export const reportEmbedUrl = (
  base: string,
  groupId: string,
  reportId: string,
  paginated: boolean,
) => `${base}/${paginated ? 'rdlEmbed' : 'reportEmbed'}?reportId=${reportId}&groupId=${groupId}`;

export const dashboardEmbedUrl = (base: string, groupId: string, dashboardId: string) =>
  `${base}/dashboardEmbed?dashboardId=${dashboardId}&groupId=${groupId}`;

export const tileEmbedUrl = (base: string, groupId: string, dashboardId: string, tileId: string) =>
  `${base}/embed?dashboardId=${dashboardId}&tileId=${tileId}&groupId=${groupId}`;

export const qnaEmbedUrl = (base: string, groupId: string, datasetId: string) =>
  `${base}/qnaEmbed?groupId=${groupId}&datasetId=${datasetId}`;

export const createReportEmbedUrl = (base: string, groupId: string, datasetId: string) =>
  `${base}/reportEmbed?groupId=${groupId}&datasetId=${datasetId}`;

export const odataContext = (base: string, path: string) => `${base}/v1.0/myorg/$metadata#${path}`;
