import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';

/** What is running, for GET /api/version and the start-up log: operators compare it to a release. */
export interface BuildInfo {
  /** `version` of server/package.json. */
  version: string;
  /** The git commit it was built from: set by the compiled build, or CANOPY_BUILD_COMMIT. */
  commit: string | null;
  node: string;
}

export function buildInfo(): BuildInfo {
  let version = '0.0.0';
  try {
    const manifest = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as {
      version?: string;
    };
    version = manifest.version ?? version;
  } catch {
    // A copied build without its package.json still answers, with the placeholder version.
  }
  return { version, commit: process.env.CANOPY_BUILD_COMMIT || null, node: process.version };
}
