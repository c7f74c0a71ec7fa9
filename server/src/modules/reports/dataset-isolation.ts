import { isAppError } from '../../errors.ts';
import type { AnalyticsClient } from '../analytics/analytics-client.ts';

/** What an embed token for a report over this dataset must say. */
export interface DatasetIsolation {
  /** The workspace the dataset lives in (a clone's dataset may stay in the template workspace). */
  powerBiGroupId: string;
  /** The dataset has row-level security roles: a token must name an effective identity. */
  identityRequired: boolean;
}

/** RLS is changed rarely and by hand; a minute's delay before tokens follow it is acceptable. */
const CACHE_MS = 60_000;
interface Cached {
  value: DatasetIsolation;
  until: number;
}
const caches = new WeakMap<AnalyticsClient, Map<string, Cached>>();

/**
 * Reads `isEffectiveIdentityRequired` of a dataset, looking in each candidate workspace in turn.
 * Null when it is found in none of them, or the service cannot say right now (the caller then keeps
 * the safe default, an identity, as before this check existed; nothing is cached then).
 */
export async function datasetIsolation(
  analytics: AnalyticsClient,
  datasetId: string,
  candidatePowerBiGroupIds: string[],
): Promise<DatasetIsolation | null> {
  let cache = caches.get(analytics);
  if (!cache) {
    cache = new Map<string, Cached>();
    caches.set(analytics, cache);
  }
  const cached = cache.get(datasetId);
  if (cached && cached.until > Date.now()) return cached.value;
  for (const powerBiGroupId of new Set(candidatePowerBiGroupIds)) {
    try {
      const dataset = await analytics.get<{ isEffectiveIdentityRequired?: boolean }>(
        `/groups/${powerBiGroupId}/datasets/${datasetId}`,
      );
      const value = {
        powerBiGroupId,
        identityRequired: dataset.isEffectiveIdentityRequired !== false,
      };
      cache.set(datasetId, { value, until: Date.now() + CACHE_MS });
      return value;
    } catch (error) {
      if (isAppError(error) && error.code === 'ANALYTICS_ENTITY_NOT_FOUND') continue;
      // Refused or unavailable: the token request must not fail on this extra read.
      return null;
    }
  }
  return null;
}
