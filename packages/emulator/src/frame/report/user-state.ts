import type { ReportState } from './report-state.ts';

/**
 * Persistent filters (savePersistentFilters / resetPersistentFilters / arePersistentFiltersApplied),
 * kept per report in the emulator origin's localStorage like the service keeps them per user.
 */
const keyOf = (reportId: string) => `canopy-emulator:userState:${reportId}`;

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked for third-party frames; persistent filters then last for the session.
    return undefined;
  }
}

export function saveUserState(state: ReportState): void {
  storage()?.setItem(keyOf(state.definition.id), JSON.stringify(state.snapshot()));
}

export function clearUserState(state: ReportState): void {
  storage()?.removeItem(keyOf(state.definition.id));
}

/** Restores saved filters; returns whether there were any. */
export function restoreUserState(state: ReportState): boolean {
  const raw = storage()?.getItem(keyOf(state.definition.id));
  if (!raw) return false;
  try {
    state.restore(JSON.parse(raw) as Parameters<ReportState['restore']>[0]);
    return true;
  } catch {
    return false;
  }
}
