import type * as models from 'powerbi-models';
import type { Report } from '../embeds/report.ts';

/** A report page. Its methods send requests through the report's frame. */
export class Page {
  report: Report;
  name: string;
  displayName?: string;
  isActive?: boolean;
  visibility?: models.SectionVisibility;
  defaultSize?: models.ICustomPageSize;
  mobileSize?: models.ICustomPageSize;
  defaultDisplayOption?: models.DisplayOption;
  background?: models.IPageBackground;
  wallpaper?: models.IPageWallpaper;

  constructor(
    report: Report,
    name: string,
    displayName?: string,
    isActivePage?: boolean,
    visibility?: models.SectionVisibility,
    defaultSize?: models.ICustomPageSize,
    defaultDisplayOption?: models.DisplayOption,
    mobileSize?: models.ICustomPageSize,
    background?: models.IPageBackground,
    wallpaper?: models.IPageWallpaper,
  ) {
    this.report = report;
    this.name = name;
    this.displayName = displayName;
    this.isActive = isActivePage;
    this.visibility = visibility;
    this.defaultSize = defaultSize;
    this.mobileSize = mobileSize;
    this.defaultDisplayOption = defaultDisplayOption;
    this.background = background;
    this.wallpaper = wallpaper;
  }
}
