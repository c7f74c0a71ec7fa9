import type { AnalyticsClient } from '../analytics/analytics-client.ts';
import type { EffectiveIdentity } from '../reports/report-identity.ts';

export interface ExportedFile {
  content: Buffer;
  contentType: string;
  extension: string;
}

/** Why an export did not produce a file; the worker records the message on the subscription. */
export class ExportError extends Error {}

interface ExportJson {
  id: string;
  /** NotStarted, Running, Succeeded or Failed. */
  status: string;
  resourceFileExtension?: string;
  error?: { code?: string; message?: string };
}

const formats = {
  PDF: { contentType: 'application/pdf', extension: '.pdf' },
  PPTX: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: '.pptx',
  },
} as const;

/**
 * Export To File as the cloud defines it: POST …/ExportTo (202 with the export's id), poll
 * …/exports/{id} until Succeeded or Failed, waiting what its Retry-After says (bounded), then
 * GET …/exports/{id}/file. `identities` is the row-level-security identity the export runs with.
 */
export async function exportReport(
  analytics: AnalyticsClient,
  request: {
    powerBiGroupId: string;
    reportId: string;
    format: 'PDF' | 'PPTX';
    identities: EffectiveIdentity[];
    pageName: string | null;
    timeoutMs: number;
  },
): Promise<ExportedFile> {
  const base = `/groups/${request.powerBiGroupId}/reports/${request.reportId}`;
  const configuration = {
    ...(request.identities.length > 0 ? { identities: request.identities } : {}),
    ...(request.pageName ? { pages: [{ pageName: request.pageName }] } : {}),
  };
  const started = await analytics.post<ExportJson>(
    `${base}/ExportTo`,
    { format: request.format, powerBIReportConfiguration: configuration },
    'report',
  );
  const deadline = Date.now() + request.timeoutMs;
  let state = started;
  let retryAfter: string | null = null;
  while (state.status !== 'Succeeded') {
    if (state.status === 'Failed') {
      const reason = state.error?.message ? `: ${state.error.message}` : '';
      throw new ExportError(`The analytics service could not export the report${reason}`);
    }
    const wait = Math.min(Math.max(retryAfterMs(retryAfter), 100), 30_000);
    if (Date.now() + wait > deadline) {
      throw new ExportError(
        `The export took longer than ${Math.round(request.timeoutMs / 1000)} seconds`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, wait));
    const response = await analytics.getResponse(`${base}/exports/${started.id}`, 'report');
    retryAfter = response.headers.get('retry-after');
    state = (await response.json()) as ExportJson;
  }
  const file = await analytics.getResponse(`${base}/exports/${started.id}/file`, 'report');
  const content = Buffer.from(await file.arrayBuffer());
  if (content.length === 0) throw new ExportError('The analytics service sent an empty file');
  return { content, ...formats[request.format] };
}

/** The last poll's Retry-After (seconds); half a second when it had none. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  return header && Number.isFinite(seconds) ? seconds * 1000 : 500;
}
