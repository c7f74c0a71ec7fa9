import { apiFetch } from './api-fetch.ts';

/**
 * Fetches a file the server builds (a CSV export) through the one API wrapper, so it is signed in
 * and refreshed like any call, and hands it to the browser as a download. `fileName` chooses the
 * name from the response's Content-Disposition (null when the server sent none).
 */
export async function downloadFile(
  path: string,
  fileName: (contentDisposition: string | null) => string,
): Promise<void> {
  let disposition: string | null = null;
  const blob = await apiFetch<Blob>(path, {
    responseType: 'blob',
    onHeaders: (headers) => {
      disposition = headers.get('content-disposition');
    },
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName(disposition);
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the object URL can go once it has started.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
