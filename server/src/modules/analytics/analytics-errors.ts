import { AppError } from '../../errors.ts';

export interface CloudError {
  code?: string;
  message?: string;
}

/** The service's error body: `{ error: { code, message } }` or `{ error: { code, 'pbi.error' } }`. */
export async function readCloudError(response: Response): Promise<CloudError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    const code = typeof body.error?.code === 'string' ? body.error.code : undefined;
    const message = typeof body.error?.message === 'string' ? body.error.message : undefined;
    return { code, message };
  } catch {
    return {};
  }
}

/**
 * Maps an upstream failure to one of our codes. Upstream messages are not passed on: they can
 * name internal ids and are not written for the portal's users.
 */
export function analyticsError(response: Response, cloud: CloudError, what?: string): AppError {
  const status = response.status;
  if (status === 404 || cloud.code === 'PowerBIEntityNotFound') {
    return new AppError(what === 'report' ? 'REPORT_NOT_FOUND' : 'ANALYTICS_ENTITY_NOT_FOUND');
  }
  if (status === 429) {
    const retryAfter = response.headers.get('retry-after');
    return new AppError('ANALYTICS_THROTTLED', {
      headers: retryAfter && /^\d+$/.test(retryAfter) ? { 'retry-after': retryAfter } : undefined,
    });
  }
  if (cloud.code === 'TokenExpired') return new AppError('ANALYTICS_TOKEN_EXPIRED');
  if (status === 401 || status === 403 || cloud.code === 'PowerBINotAuthorizedException') {
    return new AppError('ANALYTICS_NOT_AUTHORIZED');
  }
  if (status === 400) return new AppError('ANALYTICS_BAD_REQUEST');
  return new AppError('ANALYTICS_FAILED');
}
