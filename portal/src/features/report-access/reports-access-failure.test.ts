import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/api-fetch.ts';
import { accessFailureText, NOT_SYNCED_TOAST } from './api/access-failure.ts';

describe('Manage Access failure toasts', () => {
  it('points at Sync Reports when the server does not know the report yet', () => {
    const error = new ApiError('Report not found in database. Please sync reports first.', 404);
    expect(accessFailureText(error)).toBe(NOT_SYNCED_TOAST);
    expect(NOT_SYNCED_TOAST).toBe(
      'Report not found in database. Please sync reports first using the "Sync Reports" button.',
    );
  });
  it('otherwise says "Failed to update permissions: <reason>"', () => {
    expect(accessFailureText(new ApiError('Report not found', 404))).toBe(
      'Failed to update permissions: Report not found',
    );
    expect(accessFailureText(new ApiError('Request failed with status 500', 500))).toBe(
      'Failed to update permissions: Request failed with status 500',
    );
    expect(accessFailureText(new TypeError('boom'))).toBe(
      'Failed to update permissions: Unknown error occurred',
    );
  });
});
