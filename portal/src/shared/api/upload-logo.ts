import type { endpoints } from '@canopy/portal-contract';
import { call } from './api-client.ts';

/**
 * The two logo uploads: super admins upload any tenant's logo, tenant Admins their own tenant's;
 * each endpoint is guarded for its role.
 */
export type LogoUpload = typeof endpoints.uploadTenantLogo | typeof endpoints.uploadOwnTenantLogo;

/** Sends the image in the multipart field `logo`; answers the stored logo's URL. */
export async function uploadLogo(upload: LogoUpload, file: File) {
  const form = new FormData();
  form.append('logo', file);
  return (await call(upload, { form })).url;
}
