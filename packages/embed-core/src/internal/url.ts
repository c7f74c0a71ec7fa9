/**
 * Appends `name=value` with `&` when the URL already has a query (`?` past index 0), else `?`.
 * The value is percent-encoded (the original appended it raw: `language: 'en&x=y'` added a parameter).
 */
export function addParamToUrl(url: string, name: string, value: string): string {
  const separator = url.indexOf('?') > 0 ? '&' : '?';
  return `${url}${separator}${name}=${encodeURIComponent(String(value))}`;
}

/**
 * Reads `name=` from an embed URL up to the next `&`, allowing surrounding quotes, the way the
 * original extracts `reportId`, `groupId`, `dashboardId`, `tileId` and `datasetId`.
 */
export function findParamInUrl(url: string | undefined, name: string): string | undefined {
  if (!url) return undefined;
  const match = new RegExp(`${name}="?([^&]+)"?`).exec(url);
  return match?.[1];
}

/** Paginated (RDL) report embed URLs contain `/rdlEmbed?` (any case). */
export function isRDLEmbed(embedUrl: string | undefined): boolean {
  return !!embedUrl && embedUrl.toLowerCase().includes('/rdlembed?');
}

/** Secure-embed URLs (`autoAuth=true`) cannot be driven by the library. */
export function autoAuthInEmbedUrl(embedUrl: string | undefined): boolean {
  if (!embedUrl) return false;
  let decoded = embedUrl;
  try {
    decoded = decodeURIComponent(embedUrl);
  } catch {
    // A malformed escape is not an autoAuth URL; validation reports it later.
  }
  return decoded.toLowerCase().includes('autoauth=true');
}
