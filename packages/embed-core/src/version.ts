/** The powerbi-client version whose API and wire protocol this package speaks. Sent in `x-sdk-version`. */
export const SDK_VERSION = '2.23.1';
/** Default `x-sdk-type` header value. */
export const SDK_TYPE = 'js';
