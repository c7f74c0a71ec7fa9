import type { PolicyResult } from './policy-bench.ts';
import { ms } from './measure.ts';

/** Where the policy section starts and ends in RESULTS.md (so it can be re-measured alone). */
export const policyMarker = {
  start: '<!-- policy section: bench/policy-bench.ts -->',
  end: '<!-- end of policy section -->',
};

const us = (value: number) => `${(value * 1000).toFixed(1)} µs`;

/** The RESULTS.md section of the policy benchmark. */
export function policySection(result: PolicyResult): string {
  const row = (name: string, t: PolicyResult['withPolicy']) =>
    `| ${name} | ${ms(t.median)} | ${ms(t.p95)} | ${ms(t.p99)} | ${t.runs} |`;
  const added = result.withPolicy.p99 - result.withoutPolicy.p99;
  return `${policyMarker.start}
## Authorization: what the policy check costs (${result.rows.toLocaleString('en-US')} rows)

The 4 Overview visual queries in turn at a fixed ${result.rate} requests/s per path for
${result.seconds} s, the two paths interleaved: \`POST /_emulator/query\` with an embed token (the
guard verifies it, the policy decides report access and the RLS identity) and the same engine call
on a bare route with no token, policy or validation.

| path | p50 | p95 | p99 | requests |
|---|---|---|---|---|
${row('with the policy (/_emulator/query)', result.withPolicy)}
${row('without (bare route, same engine call)', result.withoutPolicy)}

Difference of the p99s: ${ms(added)}; per pair of requests sent at the same moment (with minus
without): median ${ms(result.paired.median)}, p99 ${ms(result.paired.p99)}. On this shared 2-core
machine the HTTP tails move by several ms between runs in both directions, and the HTTP difference
also holds body validation, rate limiting and Fastify hooks besides the policy. The policy work
alone, timed in-process per request
(${result.check.runs.toLocaleString('en-US')} calls): token verification + report access + RLS
identity p50 ${us(result.check.median)}, p99 ${us(result.check.p99)}; with an RLS identity on the
secured dataset p50 ${us(result.checkRls.median)}, p99 ${us(result.checkRls.p99)}. Target: under
1 ms added at p99 — ${Math.max(result.check.p99, result.checkRls.p99) < 1 ? 'met' : 'NOT met'} by the policy work itself.
${policyMarker.end}`;
}
