import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-fetch.ts';
import { LOGO_ACCEPT, LOGO_HINT, logoUploadFailure } from './logo-upload.ts';

describe('logo upload: the picker promises what the server accepts', () => {
  it('offers PNG, JPEG, GIF and WebP up to 2 MB, and never SVG', () => {
    expect(LOGO_HINT).toBe('PNG, JPEG, GIF or WebP, up to 2 MB. Choose a file, then upload it.');
    expect(LOGO_ACCEPT).toBe('image/png,image/jpeg,image/gif,image/webp');
    expect(`${LOGO_HINT} ${LOGO_ACCEPT}`).not.toMatch(/svg/i);
  });

  it('says why an upload was refused: wrong type (415), too large (413)', () => {
    const refused = (status: number, message: string) =>
      new ApiError(message, status, undefined, { fromServer: true });
    expect(logoUploadFailure(refused(415, 'Unsupported file type'))).toBe(
      'Logo upload failed: use a PNG, JPEG, GIF or WebP image',
    );
    expect(logoUploadFailure(refused(413, 'The upload is too large'))).toBe(
      'Logo upload failed: the file is larger than 2 MB',
    );
    expect(logoUploadFailure(refused(400, 'No file in the request'))).toBe(
      'Logo upload failed: No file in the request',
    );
    expect(logoUploadFailure(new Error('boom'))).toBe('Logo upload failed');
  });
});
