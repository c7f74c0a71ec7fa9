import type * as models from 'powerbi-models';
import type { EmulatorApi } from '../api-client.ts';
import type { EventPoster } from '../protocol/event-poster.ts';
import type { ReportState } from './report-state.ts';

/**
 * What the report's interaction and persistence helpers need from the report embed. They take this
 * interface rather than the ReportController class so that the controller can import them without
 * an import circle (controller → interactions → persistence → controller).
 */
export interface ReportHost {
  readonly events: EventPoster;
  readonly api: EmulatorApi;
  readonly config: Record<string, unknown>;
  /** A report made by `/report/create` has no stored copy until saveAs. */
  isNew: boolean;
  /** The loaded state; throws notLoaded before the report has loaded. */
  readonly state: ReportState;
  reportInfo(): models.IReport;
  markDirty(): void;
  rerender(): void;
  setActivePage(name: string, initiator: 'sdk' | 'user'): void;
}
