import type { DatasetSchema, ReportDefinition } from '../../contract.ts';
import { EmulatorApi } from '../api-client.ts';
import type { FrameTransport } from '../protocol/transport.ts';

/** The report definition and its dataset's schema, fetched ahead of `/report/load`. */
export interface Prefetched {
  report: Promise<ReportDefinition>;
  schema: Promise<DatasetSchema>;
}

/**
 * Front-loading, as the service does it: as soon as its script runs, the frame posts `/ready/<uid>`
 * to the host; the host's service turns that into a `ready` event and (for its first components)
 * answers with `/frontload/config`, the full embed configuration. The frame uses it to fetch the
 * report definition and schema while the iframe is still finishing its own load, so `/report/load`
 * (which follows the iframe's load event) finds them under way.
 *
 * Only the fetches are early: the token is still verified and every event still follows
 * `/report/load`, so a host that ignores `ready` sees exactly the same protocol.
 */
export class FrontLoad {
  private pending: { key: string; fetched: Prefetched } | undefined;

  /** Posts `/ready/<uid>`; a host that does not answer or does not know the uid is fine. */
  announce(transport: FrameTransport, uid: string): void {
    if (window.parent === window || uid === '') return;
    void transport.hpm
      .post(`/ready/${encodeURIComponent(uid)}`, null, {}, window.parent, transport.hostOrigin())
      .catch(() => undefined);
  }

  /** `/frontload/config`: starts fetching; returns false when the config names nothing to fetch. */
  prefetch(config: Record<string, unknown>): boolean {
    const key = keyOf(config);
    if (!key) return false;
    const api = new EmulatorApi(() => String(config.accessToken));
    const report = api.getReport(String(config.id));
    const schema = report.then((definition) => api.getSchema(definition.datasetId));
    // Unused or failed prefetches must not surface as unhandled rejections: the load re-reports.
    void report.catch(() => undefined);
    void schema.catch(() => undefined);
    this.pending = { key, fetched: { report, schema } };
    return true;
  }

  /** The prefetch for exactly this load config (same report and token), consumed once. */
  take(config: Record<string, unknown>): Prefetched | undefined {
    const pending = this.pending;
    this.pending = undefined;
    return pending && pending.key === keyOf(config) ? pending.fetched : undefined;
  }
}

function keyOf(config: Record<string, unknown>): string | undefined {
  const { id, accessToken } = config;
  if (typeof id !== 'string' || id === '' || typeof accessToken !== 'string' || accessToken === '')
    return undefined;
  return `${id}\u0000${accessToken}`;
}
