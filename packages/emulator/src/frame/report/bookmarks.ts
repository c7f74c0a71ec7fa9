import type * as models from 'powerbi-models';
import type { BookmarkDefinition } from '../../contract.ts';
import { badRequest, FrameErrorCode, notFound } from '../frame-errors.ts';
import { validateFilters } from './filters.ts';
import type { ReportState } from './report-state.ts';

/** Version tag of the bookmark state format, so a foreign or stale string is refused clearly. */
const STATE_VERSION = 1;

interface BookmarkStatePayload {
  v: number;
  reportId: string;
  page?: string;
  snapshot: ReturnType<ReportState['snapshot']>;
}

function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(value: string): string {
  const binary = atob(value);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A state string: base64 JSON of the active page, filters at every level and slicer states. */
export function captureState(
  state: ReportState,
  options: models.ICaptureBookmarkOptions = {},
): string {
  const payload: BookmarkStatePayload = {
    v: STATE_VERSION,
    reportId: state.definition.id,
    page: options.allPages ? undefined : state.activePage,
    snapshot: state.snapshot(),
  };
  return toBase64(JSON.stringify(payload));
}

export function applyState(state: ReportState, value: unknown): void {
  if (typeof value !== 'string' || value.length === 0) {
    throw badRequest('state must be a non-empty string', FrameErrorCode.InvalidParameters);
  }
  let payload: BookmarkStatePayload;
  try {
    payload = JSON.parse(fromBase64(value)) as BookmarkStatePayload;
  } catch {
    throw badRequest(
      'The bookmark state is not a state captured by this service.',
      FrameErrorCode.InvalidParameters,
    );
  }
  if (
    payload?.v !== STATE_VERSION ||
    typeof payload.snapshot !== 'object' ||
    payload.snapshot === null
  ) {
    throw badRequest(
      'The bookmark state is not a state captured by this service.',
      FrameErrorCode.InvalidParameters,
    );
  }
  state.restore(payload.snapshot, payload.page);
}

export function listBookmarks(state: ReportState): models.IReportBookmark[] {
  return (state.definition.bookmarks ?? []).map((b) => ({
    name: b.name,
    displayName: b.displayName,
    state: b.state ?? stateOfDefinition(state, b),
  }));
}

/** A defined bookmark as a state string (page + report filters), so it can be listed and re-applied. */
function stateOfDefinition(state: ReportState, bookmark: BookmarkDefinition): string {
  const payload: BookmarkStatePayload = {
    v: STATE_VERSION,
    reportId: state.definition.id,
    snapshot: {
      activePage: bookmark.pageName ?? state.activePage,
      reportFilters: validateFilters(bookmark.filters ?? [], undefined),
      pageFilters: {},
      visualFilters: {},
      slicers: {},
    },
  };
  return toBase64(JSON.stringify(payload));
}

/** Applies a defined bookmark by name; unknown names are the service's entity-not-found. */
export function applyBookmarkByName(state: ReportState, name: unknown): BookmarkDefinition {
  const bookmark = (state.definition.bookmarks ?? []).find((b) => b.name === name);
  if (!bookmark) throw notFound(`Bookmark ${String(name)}`);
  if (bookmark.state) {
    applyState(state, bookmark.state);
  } else {
    if (bookmark.pageName) state.page(bookmark.pageName);
    state.restore({
      activePage: bookmark.pageName,
      reportFilters: validateFilters(bookmark.filters ?? [], undefined),
      pageFilters: {},
      visualFilters: {},
      slicers: {},
    });
  }
  return bookmark;
}

export function newBookmarkName(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  return `Bookmark${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
