import type { EffectiveIdentity } from '../auth/claims.ts';
import type { QueryRequest, QueryResult } from '../contract.ts';
import type { EmulatorContext } from '../context.ts';
import type { SemanticModel } from '../data/semantic-model.ts';
import { buildQuery } from './build-query.ts';
import { queryLimits } from './query-limits.ts';

/** Runs a visual query against the emulator's data with the given RLS identity. */
export async function runQuery(
  context: EmulatorContext,
  model: SemanticModel,
  request: QueryRequest,
  identity: EffectiveIdentity | undefined,
): Promise<QueryResult> {
  const { sql, params, rowCap } = buildQuery(
    {
      model,
      table: context.table,
      today: context.config.today,
      now: `${context.config.today} ${context.config.nowTime}`,
      identity,
    },
    request,
  );
  return context.database.query(sql, params.values, {
    timeoutMs: context.config.queryTimeoutMs,
    maxBytes: queryLimits.maxResponseBytes,
    ...(rowCap === undefined ? {} : { rowCap }),
  });
}
