import type { EmulatorContext } from '../src/index.ts';
import { canReadReport } from '../src/policy/embed-access.ts';
import { queryIdentity } from '../src/policy/row-security.ts';
import { summarize, type Timing } from './measure.ts';

/**
 * The policy work of one /_emulator/query request, timed per call in-process: verify the token
 * (HMAC-SHA256 and JSON), decide report access, pick the RLS identity.
 */
export function embedCheckCost(
  context: EmulatorContext,
  token: string,
  reportId: string,
  datasetId: string,
  runs = 20_000,
): Timing {
  const report = context.registry.reports.get(reportId);
  const dataset = context.registry.datasets.get(datasetId);
  if (!report || !dataset) throw new Error('benchmark content missing');
  const once = () => {
    const claims = context.tokens.verify(token);
    if (!canReadReport(context, claims, report)) throw new Error('refused');
    return queryIdentity(context, claims, dataset);
  };
  for (let i = 0; i < 2_000; i += 1) once();
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    once();
    samples.push(performance.now() - started);
  }
  return summarize(samples);
}
