import type { FastifyBaseLogger } from 'fastify';
import { isAppError } from '../../errors.ts';
import { claimJob, failJob, finishJob } from '../jobs/job-queue.ts';
import { pollEvery } from '../jobs/poll-every.ts';
import { syncIntegration, syncJobKind, type SyncDeps } from './sync.service.ts';

const leaseMs = 10 * 60_000;

/**
 * Runs every due sync job once, claiming them one by one (several instances may do this at the
 * same time: the queue hands each job to one of them). Returns how many ran.
 */
export async function runDueSyncs(
  deps: SyncDeps,
  options: { intervalMinutes: number; log?: FastifyBaseLogger },
): Promise<number> {
  let ran = 0;
  for (;;) {
    const job = await claimJob(deps.db, syncJobKind, leaseMs);
    if (!job) return ran;
    ran += 1;
    try {
      await syncIntegration(deps, null, job.key);
      await finishJob(deps.db, job.id, new Date(Date.now() + options.intervalMinutes * 60_000));
    } catch (error) {
      // A deleted integration has nothing left to sync: its job goes too.
      if (isAppError(error) && error.code === 'INTEGRATION_NOT_FOUND') {
        await finishJob(deps.db, job.id, null);
        continue;
      }
      options.log?.warn({ err: error, integration: job.key }, 'scheduled sync failed');
      await failJob(deps.db, job.id, job.attempts, isAppError(error) ? error.code : 'failed');
    }
  }
}

/** Polls the queue every `pollMs` until stopped (server.ts starts it; tests call runDueSyncs). */
export function startSyncWorker(
  deps: SyncDeps,
  options: { intervalMinutes: number; pollMs?: number; log?: FastifyBaseLogger },
): () => void {
  return pollEvery(
    options.pollMs ?? 30_000,
    () => runDueSyncs(deps, options),
    (error) => options.log?.error({ err: error }, 'sync worker failed'),
  );
}
