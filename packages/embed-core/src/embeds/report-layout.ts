import * as models from 'powerbi-models';

/** Mobile layouts render a different report shell, so a live embed cannot switch to or from them. */
export function isMobileLayout(layoutType: models.LayoutType | undefined): boolean {
  return (
    layoutType === models.LayoutType.MobileLandscape ||
    layoutType === models.LayoutType.MobilePortrait
  );
}

/** Settings that change the layout of one visual: a custom layout naming only that page and visual. */
export function visualLayoutSettings(
  pageName: string,
  visualName: string,
  visualLayout: models.IVisualLayout,
): models.ISettings {
  return {
    layoutType: models.LayoutType.Custom,
    customLayout: {
      pagesLayout: { [pageName]: { visualsLayout: { [visualName]: visualLayout } } },
    },
  };
}

/** Settings that resize the active page. `width`/`height` keys stay even when undefined, as sent by the original. */
export function pageSizeSettings(
  type: models.PageSizeType,
  width: number | undefined,
  height: number | undefined,
): models.ISettings {
  const pageSize: models.ICustomPageSize = { type, width, height };
  return { layoutType: models.LayoutType.Custom, customLayout: { pageSize } };
}

/**
 * The path segment of `/report/switchMode/<mode>`: strings pass through, the two `ViewMode` values
 * become `view`/`edit`, anything else `undefined` (the original then sends `/report/switchMode/undefined`).
 */
export function viewModeSegment(viewMode: models.ViewMode | string): string | undefined {
  if (typeof viewMode === 'string') return viewMode;
  if (viewMode === models.ViewMode.Edit) return 'edit';
  if (viewMode === models.ViewMode.View) return 'view';
  return undefined;
}
