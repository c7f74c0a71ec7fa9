import type { FastifyRequest } from 'fastify';
import type { EmulatorContext } from '../context.ts';

/**
 * The public base URL of this emulator (origin + mount prefix) that every returned URL starts with:
 * the configured `publicUrl`, else `http://localhost:<port of the listening socket><prefix>`.
 * Never the request's Host or forwarding headers: a client must not choose where embedUrl points.
 */
export function baseUrl(context: EmulatorContext, request: FastifyRequest, prefix: string): string {
  if (context.config.publicUrl) return context.config.publicUrl;
  const port = request.socket?.localPort;
  return `http://localhost${port ? `:${port}` : ''}${prefix}`;
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
