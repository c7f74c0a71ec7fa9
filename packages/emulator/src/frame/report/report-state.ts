import * as models from 'powerbi-models';
import type {
  DatasetSchema,
  MobileLayoutDefinition,
  PageDefinition,
  ReportDefinition,
  VisualDefinition,
} from '../../contract.ts';
import { notFound } from '../frame-errors.ts';
import type { Filter } from './filters.ts';

/** A cross-filter selection made by clicking a data point. */
export interface Selection {
  page: string;
  visual: string;
  filter: models.IBasicFilter;
  value: string | number;
}

export const DEFAULT_PAGE_WIDTH = 1280;
export const DEFAULT_PAGE_HEIGHT = 720;

const key = (page: string, visual: string) => `${page}\u0000${visual}`;

/** The interactive state a bookmark or persistent filters capture (maps keyed page\0visual). */
export interface FilterSnapshot {
  activePage: string | undefined;
  reportFilters: Filter[];
  pageFilters: Record<string, Filter[]>;
  visualFilters: Record<string, Filter[]>;
  slicers: Record<string, models.ISlicerState>;
}

/**
 * Everything a loaded report remembers: its (editable) definition, the active page, filters at
 * report, page and visual level, slicer states, the current cross-filter selection, theme,
 * settings, mode and whether there are unsaved changes.
 */
export class ReportState {
  definition: ReportDefinition;
  schema: DatasetSchema | undefined;
  activePage: string;
  reportFilters: Filter[] = [];
  readonly pageFilters = new Map<string, Filter[]>();
  private readonly visualFilterMap = new Map<string, Filter[]>();
  private readonly slicerMap = new Map<string, models.ISlicerState>();
  selection: Selection | undefined;
  theme: models.ICustomTheme | undefined;
  settings: models.ISettings = {};
  viewMode: models.ViewMode = models.ViewMode.View;
  dirty = false;
  playMode: models.BookmarksPlayMode = models.BookmarksPlayMode.Off;
  /** When set (visual embed), only this visual of the active page is shown, filling the frame. */
  soloVisual: string | undefined;

  /**
   * The filters and slicers right after the load config was applied, before persistent filters:
   * what resetPersistentFilters goes back to.
   */
  loadBaseline: FilterSnapshot | undefined;

  constructor(definition: ReportDefinition, schema: DatasetSchema | undefined) {
    this.definition = structuredClone(definition);
    this.schema = schema;
    this.activePage = this.visiblePages()[0]?.name ?? definition.pages[0]?.name ?? '';
    // The filter state saved with the report is where every load starts.
    this.reportFilters = [...((this.definition.filters ?? []) as Filter[])];
    for (const page of this.definition.pages) {
      if (page.filters?.length) this.pageFilters.set(page.name, [...(page.filters as Filter[])]);
      for (const visual of page.visuals) {
        if (visual.filters?.length)
          this.visualFilterMap.set(key(page.name, visual.name), [...(visual.filters as Filter[])]);
        if (visual.slicerFilters?.length) {
          this.slicerMap.set(key(page.name, visual.name), {
            filters: [...(visual.slicerFilters as models.ISlicerFilter[])],
            targets: visual.target ? [{ ...visual.target }] : [],
          });
        }
      }
    }
  }

  /**
   * The definition to save: a copy whose report, page, visual and slicer filter fields hold the
   * current filter state (the cross-filter selection is not saved, as in the service).
   */
  definitionToSave(): ReportDefinition {
    const copy = structuredClone(this.definition);
    const set = <T extends object>(target: T, field: keyof T, filters: readonly object[]) => {
      if (filters.length > 0)
        (target as Record<keyof T, unknown>)[field] = structuredClone(filters);
      else delete target[field];
    };
    set(copy, 'filters', this.reportFilters);
    for (const page of copy.pages) {
      set(page, 'filters', this.getPageFilters(page.name));
      for (const visual of page.visuals) {
        set(visual, 'filters', this.getVisualFilters(page.name, visual.name));
        set(
          visual,
          'slicerFilters',
          this.slicerMap.get(key(page.name, visual.name))?.filters ?? [],
        );
      }
    }
    return copy;
  }

  visiblePages(): PageDefinition[] {
    return this.definition.pages.filter(
      (p) => p.visibility !== 1 || this.viewMode === models.ViewMode.Edit,
    );
  }

  page(name: string): PageDefinition {
    const page = this.definition.pages.find((p) => p.name === name);
    if (!page) throw notFound(`Page ${name}`);
    return page;
  }

  currentPage(): PageDefinition {
    return this.page(this.activePage);
  }

  visual(pageName: string, visualName: string): VisualDefinition {
    const visual = this.page(pageName).visuals.find((v) => v.name === visualName);
    if (!visual) throw notFound(`Visual ${visualName} on page ${pageName}`);
    return visual;
  }

  getPageFilters(page: string): Filter[] {
    return this.pageFilters.get(page) ?? [];
  }

  getVisualFilters(page: string, visual: string): Filter[] {
    return this.visualFilterMap.get(key(page, visual)) ?? [];
  }

  setVisualFilters(page: string, visual: string, filters: Filter[]): void {
    this.visualFilterMap.set(key(page, visual), filters);
  }

  getSlicerState(page: string, visual: string): models.ISlicerState {
    const visualDef = this.visual(page, visual);
    return (
      this.slicerMap.get(key(page, visual)) ?? {
        filters: [],
        targets: visualDef.target
          ? [{ table: visualDef.target.table, column: visualDef.target.column }]
          : [],
      }
    );
  }

  setSlicerState(page: string, visual: string, state: models.ISlicerState): void {
    this.slicerMap.set(key(page, visual), state);
  }

  /**
   * The filters that narrow one visual: report, page and visual level, every other slicer on the
   * page, and the cross-filter selection of another visual.
   */
  effectiveFilters(pageName: string, visual: VisualDefinition): Filter[] {
    const page = this.page(pageName);
    const filters = [
      ...this.reportFilters,
      ...this.getPageFilters(pageName),
      ...this.getVisualFilters(pageName, visual.name),
    ];
    for (const other of page.visuals) {
      if (other.type !== 'slicer' || other.name === visual.name) continue;
      filters.push(...(this.slicerMap.get(key(pageName, other.name))?.filters ?? []));
    }
    if (
      this.selection &&
      this.selection.page === pageName &&
      this.selection.visual !== visual.name
    ) {
      filters.push(this.selection.filter);
    }
    return filters;
  }

  /**
   * Page descriptors as the service returns them: every page, hidden ones too (with visibility 1),
   * in view mode as in edit mode. Only the page tabs leave hidden pages out.
   */
  pagesInfo(): models.IPage[] {
    return this.definition.pages.map((page) => this.pageInfo(page));
  }

  pageInfo(page: PageDefinition): models.IPage {
    return {
      name: page.name,
      displayName: page.displayName,
      isActive: page.name === this.activePage,
      visibility: page.visibility ?? models.SectionVisibility.AlwaysVisible,
      defaultSize: {
        type: models.PageSizeType.Custom,
        width: page.width ?? DEFAULT_PAGE_WIDTH,
        height: page.height ?? DEFAULT_PAGE_HEIGHT,
      },
      defaultDisplayOption: models.DisplayOption.FitToPage,
      ...(page.mobileLayout
        ? {
            mobileSize: {
              type: models.PageSizeType.Mobile,
              width: page.mobileLayout.width,
              height: page.mobileLayout.height,
            },
          }
        : {}),
    };
  }

  /** True when the embedder asked for a phone layout (MobilePortrait or MobileLandscape). */
  isMobile(): boolean {
    const layout = this.settings.layoutType;
    return (
      layout === models.LayoutType.MobilePortrait || layout === models.LayoutType.MobileLandscape
    );
  }

  /**
   * The phone layout to draw `page` with: its own when the embedder asked for MobilePortrait and
   * the page has one. Landscape phones, and pages without one, get the desktop page fitted to the
   * width instead (as the service does).
   */
  mobileLayout(page: PageDefinition): MobileLayoutDefinition | undefined {
    return this.settings.layoutType === models.LayoutType.MobilePortrait
      ? page.mobileLayout
      : undefined;
  }

  visualLayout(pageName: string, visual: VisualDefinition): models.IVisualLayout {
    const custom = this.settings.customLayout?.pagesLayout?.[pageName];
    const override = custom?.visualsLayout?.[visual.name];
    const fallbackMode =
      custom?.defaultLayout?.displayState?.mode ?? models.VisualContainerDisplayMode.Visible;
    return {
      x: override?.x ?? visual.layout.x,
      y: override?.y ?? visual.layout.y,
      z: override?.z ?? visual.layout.z,
      width: override?.width ?? visual.layout.width,
      height: override?.height ?? visual.layout.height,
      displayState: { mode: override?.displayState?.mode ?? fallbackMode },
    };
  }

  visualInfo(pageName: string, visual: VisualDefinition): models.IVisual {
    return {
      name: visual.name,
      title: visual.title,
      type: visual.type,
      layout: this.visualLayout(pageName, visual),
    };
  }

  forgetPage(name: string): void {
    this.pageFilters.delete(name);
    for (const map of [this.visualFilterMap, this.slicerMap]) {
      for (const k of [...map.keys()]) if (k.startsWith(`${name}\u0000`)) map.delete(k);
    }
    if (this.selection?.page === name) this.selection = undefined;
  }

  /** Snapshot of the interactive state, for bookmarks and persistent filters. */
  snapshot(): FilterSnapshot {
    return {
      activePage: this.activePage,
      reportFilters: this.reportFilters,
      pageFilters: Object.fromEntries(this.pageFilters),
      visualFilters: Object.fromEntries(this.visualFilterMap),
      slicers: Object.fromEntries(this.slicerMap),
    };
  }

  /** Replaces every filter and slicer state with the snapshot's (the active page stays). */
  resetTo(snapshot: FilterSnapshot): void {
    this.reportFilters = [];
    this.pageFilters.clear();
    this.visualFilterMap.clear();
    this.slicerMap.clear();
    this.restore({ ...structuredClone(snapshot), activePage: undefined });
  }

  restore(snapshot: Partial<FilterSnapshot>, onlyPage?: string): void {
    const pageExists = (name: string) => this.definition.pages.some((p) => p.name === name);
    if (snapshot.activePage && pageExists(snapshot.activePage))
      this.activePage = snapshot.activePage;
    if (snapshot.reportFilters && !onlyPage) this.reportFilters = snapshot.reportFilters;
    for (const [page, filters] of Object.entries(snapshot.pageFilters ?? {})) {
      if (pageExists(page) && (!onlyPage || onlyPage === page)) this.pageFilters.set(page, filters);
    }
    for (const [k, filters] of Object.entries(snapshot.visualFilters ?? {})) {
      if (!onlyPage || k.startsWith(`${onlyPage}\u0000`)) this.visualFilterMap.set(k, filters);
    }
    for (const [k, state] of Object.entries(snapshot.slicers ?? {})) {
      if (!onlyPage || k.startsWith(`${onlyPage}\u0000`)) this.slicerMap.set(k, state);
    }
    this.selection = undefined;
  }
}
