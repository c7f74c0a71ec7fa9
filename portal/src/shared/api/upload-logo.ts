import { UploadResult } from '@canopy/portal-contract';
import { apiFetch } from './api-fetch.ts';

/** Multipart field `logo`; the super admin and the tenant settings page use different paths (spec §7). */
export async function uploadLogo(path: '/api/admin/upload-logo' | '/api/upload-logo', file: File) {
  const form = new FormData();
  form.append('logo', file);
  return (await apiFetch(path, { method: 'POST', form, schema: UploadResult })).url;
}
