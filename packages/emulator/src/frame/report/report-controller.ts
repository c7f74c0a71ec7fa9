import * as models from 'powerbi-models';
import type {
  BookmarkDefinition,
  QueryResult,
  ReportDefinition,
  VisualDefinition,
} from '../../contract.ts';
import { EmulatorApi } from '../api-client.ts';
import { FrameError, FrameErrorCode, iError, notLoaded } from '../frame-errors.ts';
import { postLoadFailure } from '../load-failure.ts';
import { markRendered } from '../perf-marks.ts';
import { EventPoster } from '../protocol/event-poster.ts';
import type { FrameTransport } from '../protocol/transport.ts';
import { paletteOf, type Palette } from '../render/palette.ts';
import { ReportView, type ReportViewHost } from '../render/report-view.ts';
import { showStatus } from '../render/status-message.ts';
import type { NewVisualRequest } from '../render/fields-pane.ts';
import type { DataPoint } from '../render/visual-body.ts';
import { TokenManager } from '../token-manager.ts';
import { applyLoadConfig } from './apply-load-config.ts';
import { FrontLoad } from './front-load.ts';
import * as interactions from './interactions.ts';
import { addVisual } from './persistence.ts';
import type { ReportHost } from './report-host.ts';
import { ReportState } from './report-state.ts';
import { readUserState } from './user-state.ts';
import { queryVisual } from './visual-data.ts';

export type ReportPhase = 'idle' | 'loading' | 'prepared' | 'loaded' | 'failed';

export interface LoadRequest {
  config: Record<string, unknown>;
  headers: Record<string, string | undefined>;
  phased: boolean;
  /** `/report/create`: a blank editable report over `config.datasetId`. */
  create?: boolean;
}

/**
 * The report embed: loads a report (or a blank one for creation) with the host's token, keeps its
 * state, renders it and posts the service's events. Protocol routes (report/routes-*.ts) call in.
 */
export class ReportController implements ReportViewHost, ReportHost {
  readonly events: EventPoster;
  readonly api: EmulatorApi;
  readonly tokens: TokenManager;
  readonly frontLoad = new FrontLoad();
  phase: ReportPhase = 'idle';
  config: Record<string, unknown> = {};
  correlationId = crypto.randomUUID();
  /** A report made by `/report/create` has no stored copy until saveAs. */
  isNew = false;
  private current: ReportState | undefined;
  private view: ReportView | undefined;
  private uid: string;
  private loadSeq = 0;
  private lastLoad: LoadRequest | undefined;
  private lastFailure: string | undefined;
  private registerQueryCallback: boolean;

  constructor(
    transport: FrameTransport,
    private readonly root: HTMLElement,
    initialUid: string,
  ) {
    this.uid = initialUid;
    this.registerQueryCallback =
      new URLSearchParams(location.search).get('registerQueryCallback') === 'true';
    this.events = new EventPoster(transport, 'reports', () => this.uid);
    this.api = new EmulatorApi(() => this.tokens.token);
    // Reports, visuals and create embeds may all carry an accessTokenProvider (Aad tokens only).
    this.tokens = new TokenManager(this.api, this.events, {
      tokenProvider: true,
      onRecovered: () => this.recover(),
    });
  }

  /** The loaded state; API calls before `loaded` answer 400 notLoaded. */
  get state(): ReportState {
    if (
      !this.current ||
      this.phase === 'loading' ||
      this.phase === 'idle' ||
      this.phase === 'failed'
    )
      throw notLoaded();
    return this.current;
  }

  get loaded(): boolean {
    return this.phase === 'loaded' || this.phase === 'prepared';
  }

  palette(): Palette {
    return paletteOf(this.current?.theme);
  }

  reportInfo(): models.IReport {
    return { id: this.state.definition.id, displayName: this.state.definition.name };
  }

  // ------------------------------------------------------------------ load, create, render

  /** Starts a load; the caller has validated the config and answers 202 at once. */
  startLoad(request: LoadRequest): void {
    const seq = ++this.loadSeq;
    this.lastLoad = request;
    this.phase = 'loading';
    this.config = request.config;
    if (request.headers.uid) this.uid = request.headers.uid;
    showStatus(this.root, 'Loading…');
    void this.runLoad(request, seq);
  }

  private async runLoad(request: LoadRequest, seq: number): Promise<void> {
    const { config } = request;
    try {
      // The token check and the report fetch go out together (one round trip less before the
      // first query); a refused token still wins, so the error event is the token's.
      const verified = this.tokens.start(config.accessToken, request.headers);
      const prefetched = request.create ? undefined : this.frontLoad.take(config);
      const fetched = request.create
        ? Promise.resolve(blankReport(String(config.datasetId)))
        : (prefetched?.report ?? this.api.getReport(String(config.id)));
      void fetched.catch(() => undefined); // handled below, after the token's verdict
      await verified;
      const definition = await fetched;
      if (!request.create && definition.reportType === 'PaginatedReport') {
        throw new FrameError(
          400,
          iError(
            FrameErrorCode.LoadReportFailed,
            FrameErrorCode.LoadReportFailed,
            `Report ${definition.id} is a paginated report: embed it with an /rdlEmbed URL.`,
            models.TraceType.Fatal,
          ),
        );
      }
      const persistent =
        !request.create &&
        (config.settings as { persistentFiltersEnabled?: unknown } | undefined)
          ?.persistentFiltersEnabled === true;
      const [schema, persisted] = await Promise.all([
        prefetched?.schema ?? this.api.getSchema(definition.datasetId),
        // Unreadable persistent filters must not stop the report from loading.
        persistent ? readUserState(this.api, definition.id).catch(() => undefined) : undefined,
      ]);
      if (seq !== this.loadSeq) return;
      const state = new ReportState(definition, schema);
      this.isNew = request.create === true;
      applyLoadConfig(state, config, request.create === true, persisted);
      this.current = state;
      this.phase = request.phased ? 'prepared' : 'loaded';
      this.lastFailure = undefined;
      this.events.emit('loaded', { initiator: 'sdk' });
      if (!request.phased) this.rerender();
      else showStatus(this.root, 'Ready to render.');
    } catch (error) {
      if (seq !== this.loadSeq) return;
      this.phase = 'failed';
      this.tokens.noteLoadFailure(error);
      this.lastFailure = postLoadFailure(this.events, this.root, error)?.errorCode;
    }
  }

  /** `/report/render` after a phased load. */
  renderPrepared(): void {
    if (this.phase !== 'prepared' && this.phase !== 'loaded') throw notLoaded();
    this.phase = 'loaded';
    this.rerender();
  }

  /** Draws the active page and posts renderingStarted, visualRendered (opt-in) and rendered. */
  async render(): Promise<void> {
    if (!this.current || this.phase !== 'loaded') return;
    this.view ??= new ReportView(this.root, this);
    this.root.setAttribute('aria-busy', 'true');
    this.events.emit('renderingStarted', {});
    const current = await this.view.render();
    if (!current) return;
    this.root.setAttribute('aria-busy', 'false');
    this.events.emit('rendered', {});
    markRendered();
  }

  /** Re-renders after a state change; the reply to the request does not wait for it. */
  rerender(): void {
    this.render().catch((error: unknown) => {
      // A render that throws must not leave the host without an answer: report it as an error event.
      console.error('[canopy-emulator] render failed', error);
      this.events.emit('error', iError(FrameErrorCode.Internal, 'renderFailed', String(error)));
    });
  }

  private recover(): void {
    if (
      this.phase === 'failed' &&
      this.lastFailure === FrameErrorCode.TokenExpired &&
      this.lastLoad
    ) {
      const request = {
        ...this.lastLoad,
        config: { ...this.lastLoad.config, accessToken: this.tokens.token },
      };
      this.startLoad(request);
    } else {
      this.rerender();
    }
  }

  // ------------------------------------------------------------------ view host callbacks

  loadData(page: string, visual: VisualDefinition): Promise<QueryResult> {
    const state = this.state;
    return queryVisual(
      {
        api: this.api,
        datasetId: state.definition.datasetId,
        reportId: this.isNew ? undefined : state.definition.id,
        preQuery: this.registerQueryCallback
          ? (info) => this.events.hook('preQuery', info)
          : undefined,
        onTokenExpired: () => void this.tokens.expire(),
      },
      visual,
      state.effectiveFilters(page, visual),
      { page },
    );
  }

  onAddVisual(request: NewVisualRequest): void {
    addVisual(this, request);
  }

  onResize(): void {
    if (this.phase === 'loaded') this.rerender();
  }

  onVisualDone(visual: VisualDefinition, ok: boolean): void {
    if (ok && this.current?.settings.visualRenderedEvents) {
      this.events.emit('visualRendered', {
        name: visual.name,
        title: visual.title,
        type: visual.type,
      });
    }
  }

  onDataPoint(visual: VisualDefinition, point: DataPoint | undefined): void {
    interactions.selectDataPoint(this, visual, point);
  }

  onSlicerChange(visual: VisualDefinition, values: (string | number)[]): void {
    interactions.changeSlicer(this, visual, values);
  }

  onVisualClicked(visual: VisualDefinition): void {
    const state = this.state;
    this.events.emit('visualClicked', {
      report: this.reportInfo(),
      page: state.pageInfo(state.currentPage()),
      visual: state.visualInfo(state.activePage, visual),
    });
  }

  onVisualMenu(
    visual: VisualDefinition,
    kind: 'options' | 'context',
    x: number,
    y: number,
    point?: DataPoint,
  ): void {
    interactions.showVisualMenu(this, visual, kind, x, y, point);
  }

  onPageTab(pageName: string): void {
    this.setActivePage(pageName, 'user');
  }

  onBookmarkButton(bookmark: BookmarkDefinition): void {
    interactions.pressBookmarkButton(this, bookmark);
  }

  onToolbar(action: 'save' | 'saveAs' | 'addPage' | 'view' | 'edit'): void {
    interactions.toolbarAction(this, action);
  }

  // ------------------------------------------------------------------ shared operations

  /** Changes the active page and posts pageChanged (initiator `sdk` for API calls, `user` for tabs). */
  setActivePage(name: string, initiator: 'sdk' | 'user'): void {
    const state = this.state;
    const target = state.page(name);
    if (state.activePage === name) return;
    const oldPage = state.pageInfo(state.currentPage());
    state.activePage = name;
    state.selection = undefined;
    this.events.emit('pageChanged', {
      initiator,
      newPage: state.pageInfo(target),
      oldPage: { ...oldPage, isActive: false },
    });
    this.rerender();
  }

  markDirty(): void {
    this.state.dirty = true;
  }
}

function blankReport(datasetId: string): ReportDefinition {
  return {
    id: '',
    name: 'Untitled report',
    datasetId,
    reportType: 'PowerBIReport',
    pages: [{ name: 'ReportSection1', displayName: 'Page 1', visuals: [] }],
  };
}
