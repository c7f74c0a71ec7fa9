import * as models from 'powerbi-models';
import { assertValid, notFound } from '../frame-errors.ts';
import { applyBookmarkByName, applyState } from './bookmarks.ts';
import { applyFiltersOperation, validateFilters } from './filters.ts';
import type { FilterSnapshot, ReportState } from './report-state.ts';

/** Set when persistent filters were restored at load (arePersistentFiltersApplied). */
export const userStateApplied = new WeakSet<ReportState>();

function applySlicers(state: ReportState, slicers: unknown): void {
  if (!Array.isArray(slicers)) return;
  for (const slicer of slicers as models.ISlicer[]) {
    assertValid(models.validateSlicer(slicer));
    const selector = slicer.selector as {
      visualName?: string;
      target?: { table: string; column: string };
    };
    let matched = false;
    for (const page of state.definition.pages) {
      for (const visual of page.visuals) {
        if (visual.type !== 'slicer') continue;
        const byName = selector.visualName !== undefined && selector.visualName === visual.name;
        const byTarget =
          selector.target !== undefined &&
          visual.target?.table === selector.target.table &&
          visual.target.column === selector.target.column;
        if (!byName && !byTarget) continue;
        state.setSlicerState(page.name, visual.name, {
          filters: validateFilters(
            slicer.state.filters ?? [],
            state.schema,
          ) as models.ISlicerFilter[],
          targets: slicer.state.targets,
        });
        matched = true;
      }
    }
    if (!matched) throw notFound(`Slicer ${JSON.stringify(selector)}`);
  }
}

/**
 * Applies a load configuration (page, filters, slicers, bookmark, theme, settings, mode) to a fresh
 * state. `persisted`: the user's persistent filters, when the config enables them and some are saved.
 */
export function applyLoadConfig(
  state: ReportState,
  config: Record<string, unknown>,
  create: boolean,
  persisted?: Partial<FilterSnapshot>,
): void {
  state.settings = { ...((config.settings as models.ISettings | undefined) ?? {}) };
  const permissions =
    typeof config.permissions === 'number' ? config.permissions : models.Permissions.Read;
  state.viewMode =
    create ||
    (config.viewMode === models.ViewMode.Edit &&
      (permissions & (models.Permissions.ReadWrite | models.Permissions.Create)) !== 0)
      ? models.ViewMode.Edit
      : models.ViewMode.View;
  const theme = config.theme as models.ICustomTheme | undefined;
  if (theme && typeof theme === 'object' && theme.themeJson) state.theme = theme;

  const pageName = typeof config.pageName === 'string' ? config.pageName : undefined;
  if (typeof config.visualName === 'string') {
    // Visual embed: only the named visual of the named page is shown.
    const page = state.page(pageName ?? state.activePage);
    state.visual(page.name, config.visualName);
    state.activePage = page.name;
    state.soloVisual = config.visualName;
  } else if (pageName && state.definition.pages.some((p) => p.name === pageName)) {
    state.activePage = pageName;
  }

  const savedWithReport = structuredClone(state.snapshot());
  applyFilterConfig(state, config);
  state.loadBaseline = structuredClone(state.snapshot());
  // Persistent filters (the user's own, from an earlier savePersistentFilters) replace the report's
  // saved filters; the load config's filters still apply on top, as without persistent filters.
  if (persisted && state.settings.persistentFiltersEnabled) {
    state.resetTo(savedWithReport);
    state.restore(persisted);
    userStateApplied.add(state);
    applyFilterConfig(state, config);
  }
}

/** The filter parts of a load config: filters, slicers and a bookmark. */
function applyFilterConfig(state: ReportState, config: Record<string, unknown>): void {
  const filters = config.filters;
  if (Array.isArray(filters)) {
    state.reportFilters = validateFilters(filters, state.schema);
  } else if (filters && typeof filters === 'object') {
    const onLoad = filters as models.OnLoadFilters;
    if (onLoad.allPages) {
      state.reportFilters = applyFiltersOperation(
        state.reportFilters,
        onLoad.allPages.operation,
        validateFilters(onLoad.allPages.filters ?? [], state.schema),
      );
    }
    if (onLoad.currentPage) {
      state.pageFilters.set(
        state.activePage,
        applyFiltersOperation(
          state.getPageFilters(state.activePage),
          onLoad.currentPage.operation,
          validateFilters(onLoad.currentPage.filters ?? [], state.schema),
        ),
      );
    }
  }
  applySlicers(state, config.slicers);

  const bookmark = config.bookmark as { name?: string; state?: string } | undefined;
  if (bookmark?.name) applyBookmarkByName(state, bookmark.name);
  else if (bookmark?.state) applyState(state, bookmark.state);
}
