import { LOGO_CONTENT_TYPES, LOGO_MAX_BYTES } from '@canopy/portal-contract';
import { ApiError } from '../api/api-fetch.ts';

const FORMAT_NAMES: Record<(typeof LOGO_CONTENT_TYPES)[number], string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
};

const formats = () => {
  const names = LOGO_CONTENT_TYPES.map((type) => FORMAT_NAMES[type]);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
};
const maxSize = `${LOGO_MAX_BYTES / (1024 * 1024)} MB`;

/** The file input's `accept`: exactly the types the server takes. */
export const LOGO_ACCEPT = LOGO_CONTENT_TYPES.join(',');

/** The hint under the logo picker, built from the server's own rules (shared contract). */
export const LOGO_HINT = `${formats()}, up to ${maxSize}. Choose a file, then upload it.`;

/** "Logo upload failed", with why when the server said why (type refused, file too large). */
export function logoUploadFailure(error: unknown): string {
  const base = 'Logo upload failed';
  if (!(error instanceof ApiError)) return base;
  if (error.status === 415) return `${base}: use a ${formats()} image`;
  if (error.status === 413) return `${base}: the file is larger than ${maxSize}`;
  return error.details.fromServer ? `${base}: ${error.message}` : base;
}
