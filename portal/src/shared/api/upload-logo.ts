import { UploadResult } from '@canopy/portal-contract';
import { apiFetch } from './api-fetch.ts';

/**
 * Multipart field `logo`; super admins upload to /api/admin/upload-logo, tenant Admins to
 * /api/upload-logo.
 */
export async function uploadLogo(path: '/api/admin/upload-logo' | '/api/upload-logo', file: File) {
  const form = new FormData();
  form.append('logo', file);
  return (await apiFetch(path, { method: 'POST', form, schema: UploadResult })).url;
}
