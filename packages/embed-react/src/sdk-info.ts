import { version } from '../package.json';

/**
 * Sent by the Service as `x-sdk-type` / `x-sdk-wrapper-version` once a component mounts, as
 * powerbi-client-react does with its own name and version. We send our package name and version,
 * so the service side can tell this wrapper apart from the original.
 */
export const SDK_TYPE = '@canopy/embed-react';
export const SDK_WRAPPER_VERSION: string = version;
