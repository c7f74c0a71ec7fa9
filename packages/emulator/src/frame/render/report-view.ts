import * as models from 'powerbi-models';
import type { BookmarkDefinition, QueryResult, VisualDefinition } from '../../contract.ts';
import { describeFilter } from '../report/filters.ts';
import {
  DEFAULT_PAGE_HEIGHT,
  DEFAULT_PAGE_WIDTH,
  type ReportState,
} from '../report/report-state.ts';
import { closeDataTable } from './data-table-view.ts';
import { h } from './dom.ts';
import { fieldsPane, type NewVisualRequest } from './fields-pane.ts';
import { closeMenu } from './menu.ts';
import type { Palette } from './palette.ts';
import type { DataPoint } from './visual-body.ts';
import { VisualFrame } from './visual-frame.ts';

/** What the view needs from its controller: state, data and interaction callbacks. */
export interface ReportViewHost {
  readonly state: ReportState;
  palette(): Palette;
  loadData(page: string, visual: VisualDefinition): Promise<QueryResult>;
  onDataPoint(visual: VisualDefinition, point: DataPoint | undefined): void;
  onSlicerChange(visual: VisualDefinition, values: (string | number)[]): void;
  onVisualClicked(visual: VisualDefinition): void;
  onVisualMenu(
    visual: VisualDefinition,
    kind: 'options' | 'context',
    x: number,
    y: number,
    point?: DataPoint,
  ): void;
  onPageTab(pageName: string): void;
  onBookmarkButton(bookmark: BookmarkDefinition): void;
  onToolbar(action: 'save' | 'saveAs' | 'addPage' | 'view' | 'edit'): void;
  /** Edit mode: add a visual built in the fields pane to the active page. */
  onAddVisual(request: NewVisualRequest): void;
  /** The frame changed size: draw again at the new scale. */
  onResize(): void;
  /** Called once per visual after it is drawn (or failed). */
  onVisualDone(visual: VisualDefinition, ok: boolean): void;
}

const PANE_WIDTH = 220;

function headerVisible(settings: models.ISettings, visual: VisualDefinition): boolean {
  let visible = true;
  for (const header of settings.visualSettings?.visualHeaders ?? []) {
    const selector = header.selector as { visualName?: string; visualType?: string } | undefined;
    const applies =
      !selector ||
      (selector.visualName !== undefined && selector.visualName === visual.name) ||
      (selector.visualType !== undefined && selector.visualType === visual.type);
    if (applies && header.settings.visible !== undefined) visible = header.settings.visible;
  }
  return visible;
}

/** Draws a report page: toolbar (edit mode), canvas of visuals, filter pane, bookmarks bar, page tabs. */
export class ReportView {
  private frames: VisualFrame[] = [];
  private generation = 0;
  private resizeTimer = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: ReportViewHost,
  ) {
    window.addEventListener('resize', () => {
      window.clearTimeout(this.resizeTimer);
      this.resizeTimer = window.setTimeout(() => this.host.onResize(), 150);
    });
  }

  /**
   * Re-draws everything; resolves when every visual of the page has data (or failed), with `true`
   * unless a newer render started meanwhile (whose own completion then counts).
   */
  async render(): Promise<boolean> {
    const generation = ++this.generation;
    const { state } = this.host;
    const settings = state.settings;
    const palette = this.host.palette();
    for (const frame of this.frames) frame.dispose();
    this.frames = [];
    closeMenu();
    closeDataTable();

    const page = state.currentPage();
    const solo = state.soloVisual;
    // A phone has no room for a side pane: the service's mobile view leaves it out too.
    const mobile = state.isMobile();
    const mobileLayout = solo ? undefined : state.mobileLayout(page);
    const filterPane =
      !solo && !mobile && (settings.panes?.filters?.visible ?? settings.filterPaneEnabled ?? true);
    const tabs =
      !solo && (settings.panes?.pageNavigation?.visible ?? settings.navContentPaneEnabled ?? true);
    const editing = state.viewMode === models.ViewMode.Edit;
    const bookmarksBar =
      !solo &&
      (state.definition.bookmarks?.length ?? 0) > 0 &&
      (settings.panes?.bookmarks?.visible === true ||
        settings.bookmarksPaneEnabled === true ||
        state.playMode === models.BookmarksPlayMode.Presentation);

    this.root.replaceChildren();
    this.root.className = `cv-report${editing ? ' cv-editing' : ''}${mobile ? ' cv-mobile' : ''}`;
    // BackgroundType.Transparent: no wallpaper, no page colour; the host page shows through
    // around and between the visuals, which keep their own backgrounds (as the service does).
    const transparent = settings.background === models.BackgroundType.Transparent;
    document.documentElement.classList.toggle('cv-transparent', transparent);
    this.root.style.background = transparent ? 'transparent' : palette.background;
    this.root.style.color = palette.foreground;
    if (editing) this.root.append(this.toolbar());

    const canvasWrap = h('div', { class: 'cv-canvas-wrap' });
    const main = h('div', { class: 'cv-main' }, canvasWrap);
    if (editing && state.schema)
      main.append(fieldsPane(state.schema, (request) => this.host.onAddVisual(request)));
    else if (filterPane) main.append(this.filterPane(page.name));
    this.root.append(main);
    if (bookmarksBar) this.root.append(this.bookmarksBar());
    if (tabs) this.root.append(this.tabs());

    // Size the page to the space left, as the service's FitToPage / FitToWidth / ActualSize do.
    // Phones always fit the width and scroll down: the page's phone layout when it has one (and
    // the portrait one was asked for), else the desktop page.
    // (The phone view has no padding around the page: every pixel of the width goes to it.)
    const availableWidth = Math.max(100, canvasWrap.clientWidth - (mobile ? 0 : 16));
    const availableHeight = Math.max(100, canvasWrap.clientHeight - 16);
    const custom = mobile ? undefined : settings.customLayout;
    const customSize = custom?.pageSize as { width?: number; height?: number } | undefined;
    const pageWidth = mobileLayout?.width ?? customSize?.width ?? page.width ?? DEFAULT_PAGE_WIDTH;
    const pageHeight =
      mobileLayout?.height ?? customSize?.height ?? page.height ?? DEFAULT_PAGE_HEIGHT;
    const option = mobile
      ? models.DisplayOption.FitToWidth
      : (custom?.displayOption ?? models.DisplayOption.FitToPage);
    const fit =
      option === models.DisplayOption.ActualSize
        ? 1
        : option === models.DisplayOption.FitToWidth
          ? availableWidth / pageWidth
          : Math.min(availableWidth / pageWidth, availableHeight / pageHeight);
    const scale = fit * (settings.zoomLevel ?? 1);
    const canvas = h('div', {
      class: 'cv-canvas',
      'data-page-name': page.name,
      role: 'region',
      'aria-label': page.displayName,
      style: solo
        ? 'width:100%;height:100%'
        : `width:${Math.round(pageWidth * scale)}px;height:${Math.round(pageHeight * scale)}px`,
    });
    canvasWrap.append(canvas);
    if (solo) canvasWrap.classList.add('cv-solo');

    const visuals = page.visuals.filter((visual) => {
      if (solo) return visual.name === solo;
      // A phone layout shows only the visuals placed on it.
      if (mobileLayout && !mobileLayout.visuals[visual.name]) return false;
      return (
        state.visualLayout(page.name, visual).displayState?.mode !==
        models.VisualContainerDisplayMode.Hidden
      );
    });
    if (visuals.length === 0 && page.visuals.length === 0) {
      canvas.append(
        h(
          'p',
          { class: 'cv-empty' },
          editing
            ? 'This page is empty. Tick fields on the right and add a visual.'
            : 'This page has no visuals.',
        ),
      );
    }
    for (const visual of visuals) {
      const layout = mobileLayout?.visuals[visual.name] ?? state.visualLayout(page.name, visual);
      const z = 'z' in layout ? layout.z : 0;
      const box = solo
        ? { left: 0, top: 0, width: canvasWrap.clientWidth, height: canvasWrap.clientHeight, z: 0 }
        : {
            left: Math.round((layout.x ?? 0) * scale),
            top: Math.round((layout.y ?? 0) * scale),
            width: Math.round((layout.width ?? 100) * scale),
            height: Math.round((layout.height ?? 100) * scale),
            z: z ?? 0,
          };
      const frame = new VisualFrame(visual, box, {
        showHeader: headerVisible(settings, visual),
        onOptions: (anchor) => {
          const rect = anchor.getBoundingClientRect();
          this.host.onVisualMenu(visual, 'options', rect.left, rect.bottom);
        },
        onClick: () => this.host.onVisualClicked(visual),
      });
      canvas.append(frame.element);
      this.frames.push(frame);
    }

    await Promise.all(
      this.frames.map(async (frame) => {
        const visual = frame.visual;
        try {
          const result = await this.host.loadData(page.name, visual);
          if (generation !== this.generation) return;
          const selection =
            state.selection?.page === page.name && state.selection.visual === visual.name
              ? state.selection.value
              : undefined;
          const slicerFilter =
            visual.type === 'slicer'
              ? (state.getSlicerState(page.name, visual.name).filters[0] as
                  models.IBasicFilter | undefined)
              : undefined;
          frame.draw(result, {
            palette,
            selectedValue: selection,
            slicerValues:
              slicerFilter?.operator === 'In' ? (slicerFilter.values as (string | number)[]) : [],
            onDataPoint: (point) => this.host.onDataPoint(visual, point),
            onSlicerChange: (values) => this.host.onSlicerChange(visual, values),
            onContextMenu: (event, point) => {
              event.preventDefault();
              this.host.onVisualMenu(visual, 'context', event.clientX, event.clientY, point);
            },
          });
          this.host.onVisualDone(visual, true);
        } catch (error) {
          if (generation !== this.generation) return;
          frame.fail(
            `Couldn't load the data for this visual. ${error instanceof Error ? error.message : String(error)}`,
          );
          this.host.onVisualDone(visual, false);
        }
      }),
    );
    // The frame size this drawing is for: a screenshot after a resize waits for its own size here.
    if (generation === this.generation)
      this.root.dataset.drawnFor = `${window.innerWidth}x${window.innerHeight}`;
    return generation === this.generation;
  }

  private toolbar(): HTMLElement {
    const button = (label: string, action: 'save' | 'saveAs' | 'addPage' | 'view') =>
      h(
        'button',
        {
          type: 'button',
          class: 'cv-tool',
          'data-action': action,
          onclick: () => this.host.onToolbar(action),
        },
        label,
      );
    return h(
      'div',
      { class: 'cv-toolbar', role: 'toolbar', 'aria-label': 'Editing' },
      h(
        'span',
        { class: 'cv-toolbar-label' },
        this.host.state.dirty ? 'Editing • unsaved changes' : 'Editing',
      ),
      button('Save', 'save'),
      button('Save as', 'saveAs'),
      button('New page', 'addPage'),
      button('Reading view', 'view'),
    );
  }

  private filterPane(pageName: string): HTMLElement {
    const { state } = this.host;
    const section = (title: string, filters: models.IFilter[]) =>
      h(
        'section',
        {},
        h('h3', {}, title),
        filters.length === 0
          ? h('p', { class: 'cv-muted' }, 'None')
          : h('ul', {}, ...filters.map((f) => h('li', {}, describeFilter(f)))),
      );
    return h(
      'aside',
      { class: 'cv-filter-pane', style: `width:${PANE_WIDTH}px`, 'aria-label': 'Filters' },
      h('h2', {}, 'Filters'),
      section('On all pages', state.reportFilters),
      section('On this page', state.getPageFilters(pageName)),
    );
  }

  private bookmarksBar(): HTMLElement {
    const bookmarks = this.host.state.definition.bookmarks ?? [];
    return h(
      'nav',
      { class: 'cv-bookmarks', 'aria-label': 'Bookmarks' },
      ...bookmarks.map((b) =>
        h(
          'button',
          {
            type: 'button',
            class: 'cv-bookmark',
            'data-bookmark': b.name,
            onclick: () => this.host.onBookmarkButton(b),
          },
          b.displayName,
        ),
      ),
    );
  }

  private tabs(): HTMLElement {
    const { state } = this.host;
    const nav = h('nav', { class: 'cv-tabs', role: 'tablist', 'aria-label': 'Pages' });
    for (const page of state.visiblePages()) {
      const active = page.name === state.activePage;
      nav.append(
        h(
          'button',
          {
            type: 'button',
            role: 'tab',
            class: 'cv-tab',
            'aria-selected': active ? 'true' : 'false',
            'data-page': page.name,
            onclick: () => this.host.onPageTab(page.name),
          },
          page.displayName,
        ),
      );
    }
    if (state.viewMode === models.ViewMode.Edit) {
      nav.append(
        h(
          'button',
          {
            type: 'button',
            class: 'cv-tab cv-tab-add',
            title: 'New page',
            onclick: () => this.host.onToolbar('addPage'),
          },
          '+',
        ),
      );
    }
    return nav;
  }
}
