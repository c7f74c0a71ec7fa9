import Fastify from 'fastify';
import { startEmulator, type QueryRequest, type ReportDefinition } from '../src/index.ts';
import { embedCheckCost } from './policy-check-cost.ts';
import { summarize, type Timing } from './measure.ts';
import { runQuery } from '../src/query/run-query.ts';

export interface PolicyResult {
  rows: number;
  rate: number;
  seconds: number;
  /** /_emulator/query with the token and policy checks. */
  withPolicy: Timing;
  /** The same engine call on a bare route: no token, no policy, no validation. */
  withoutPolicy: Timing;
  /** Per tick: the with-policy latency minus the bare one, both sent at the same moment. */
  paired: Timing;
  /** The policy decision alone, in-process: token verification, report access and RLS identity. */
  check: Timing;
  /** The same for a token with an RLS identity on the secured dataset. */
  checkRls: Timing;
}

/**
 * Query latency at a fixed request rate with and without the policy, interleaved so both see the
 * same machine load: each tick sends one visual query to the emulator's /_emulator/query (token
 * verified, report access and RLS decided by the policy) and the same query to a bare route on the
 * same engine. The difference bounds what the policy adds; the in-process timing isolates it.
 */
export async function benchPolicy(rows: number): Promise<PolicyResult> {
  const emulator = await startEmulator({ rows, queriesPerMinute: 1_000_000 });
  const bare = Fastify();
  try {
    const { context, sample } = emulator;
    const report = context.registry.reports.get(sample.salesReportId)
      ?.definition as ReportDefinition;
    const model = context.registry.datasets.get(sample.datasetId)?.model;
    if (!model) throw new Error('sample dataset missing');
    bare.post<{ Body: QueryRequest }>('/query', (request) =>
      runQuery(context, model, request.body, undefined),
    );
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const address = bare.server.address();
    const bareUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/query`;
    const policyUrl = `${emulator.url}/_emulator/query?reportId=${sample.salesReportId}`;
    const { token } = emulator.mintToken({ reports: [sample.salesReportId] });
    const overview = (report.pages[0]?.visuals ?? []).map((visual) => ({
      datasetId: sample.datasetId,
      ...visual.query,
    }));
    const post = async (url: string, body: unknown, auth: boolean) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `EmbedToken ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    };
    // Warm both paths (engine caches, JIT) before measuring.
    for (const body of overview) {
      await post(policyUrl, body, true);
      await post(bareUrl, body, false);
    }
    const rate = 40;
    const seconds = 15;
    const withPolicy: number[] = [];
    const withoutPolicy: number[] = [];
    const pairs: [number, number][] = [];
    const pending: Promise<void>[] = [];
    const start = performance.now();
    for (let i = 0; i < rate * seconds; i += 1) {
      const due = start + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const body = overview[i % overview.length] ?? {};
      // Alternate which path goes first so neither always meets the busier engine.
      const pair: [number, number] = [Number.NaN, Number.NaN];
      pairs.push(pair);
      const order: [string, boolean, number[], 0 | 1][] = [
        [policyUrl, true, withPolicy, 0],
        [bareUrl, false, withoutPolicy, 1],
      ];
      if (i % 2 === 1) order.reverse();
      for (const [url, auth, samples, slot] of order) {
        const sent = performance.now();
        pending.push(
          post(url, body, auth).then(() => {
            pair[slot] = performance.now() - sent;
            samples.push(pair[slot]);
          }),
        );
      }
    }
    await Promise.all(pending);
    return {
      rows,
      rate,
      seconds,
      withPolicy: summarize(withPolicy),
      withoutPolicy: summarize(withoutPolicy),
      paired: summarize(pairs.map(([policy, bareTime]) => policy - bareTime)),
      check: embedCheckCost(context, token, sample.salesReportId, sample.datasetId),
      checkRls: embedCheckCost(
        context,
        emulator.mintToken({
          reports: [sample.securedReportId],
          identities: [{ username: 'Europe', roles: ['RegionManager'] }],
        }).token,
        sample.securedReportId,
        sample.securedDatasetId,
      ),
    };
  } finally {
    await bare.close();
    await emulator.close();
  }
}
