import type { EmulatorApi } from '../api-client.ts';
import type { FilterSnapshot, ReportState } from './report-state.ts';

/**
 * Persistent filters (savePersistentFilters / resetPersistentFilters / arePersistentFiltersApplied),
 * kept by the emulator per report and user, like the service keeps them. WHY not localStorage:
 * browsers deny storage to third-party frames (the embed is one), so it would silently not persist.
 */

export async function saveUserState(api: EmulatorApi, state: ReportState): Promise<void> {
  await api.putUserState(state.definition.id, state.snapshot());
}

export async function clearUserState(api: EmulatorApi, state: ReportState): Promise<void> {
  await api.deleteUserState(state.definition.id);
}

/** The persistent filters saved for this report, if any. */
export async function readUserState(
  api: EmulatorApi,
  reportId: string,
): Promise<Partial<FilterSnapshot> | undefined> {
  const { state } = await api.getUserState(reportId);
  return state ?? undefined;
}
