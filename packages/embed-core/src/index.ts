/**
 * @canopy/embed-core — the public entry. Same runtime exports as powerbi-client 2.23.1, with no side
 * effects at import: nothing here touches `window`, `self` or `document` until you call it.
 * The script-tag global (`window.powerbi`) lives in `global.ts`.
 */
import * as models from 'powerbi-models';
import * as factories from './factories.ts';
import * as service from './service/index.ts';

import { Create } from './embeds/create.ts';
import { Dashboard } from './embeds/dashboard.ts';
import { Qna } from './embeds/qna.ts';
import { QuickCreate } from './embeds/quick-create.ts';
import { Report } from './embeds/report.ts';
import { Tile } from './embeds/tile.ts';
import { Visual } from './embeds/visual.ts';

export { service, factories, models };

export { Embed } from './embeds/embed.ts';
export type { IEmbedService } from './embeds/embed-service.ts';
export { Report, Dashboard, Tile, Qna, Visual, Create, QuickCreate };
export { Page } from './objects/page.ts';
export { VisualDescriptor } from './objects/visual-descriptor.ts';
export { BookmarksManager } from './objects/bookmarks-manager.ts';
export { BasicFilterBuilder } from './filter-builders/basic-filter-builder.ts';
export { AdvancedFilterBuilder } from './filter-builders/advanced-filter-builder.ts';
export { TopNFilterBuilder } from './filter-builders/top-n-filter-builder.ts';
export { RelativeDateFilterBuilder } from './filter-builders/relative-date-filter-builder.ts';
export { RelativeTimeFilterBuilder } from './filter-builders/relative-time-filter-builder.ts';
export type { IFilterable } from './objects/filterable.ts';
export type { PageReport } from './objects/page-report.ts';

export type {
  IEmbedConfiguration,
  IEmbedConfigurationBase,
  IBootstrapEmbedConfiguration,
  IQnaEmbedConfiguration,
  IVisualEmbedConfiguration,
  IReportEmbedConfiguration,
  IDashboardEmbedConfiguration,
  ITileEmbedConfiguration,
  IQuickCreateConfiguration,
  IReportCreateConfiguration,
  ILocaleSettings,
  IEmbedSettings,
  IQnaSettings,
  ISessionHeaders,
  IInternalEventHandler,
} from './embeds/embed.ts';

// Additions of @canopy/embed-core.
export { EmbedError, EmbedErrorCode, isEmbedError } from './errors.ts';
export type {
  ICustomEvent,
  IEventHandler,
  IEvent,
  EmbedEventMap,
  ReportEventMap,
  DashboardEventMap,
  TileEventMap,
  QnaEventMap,
  IPageChangedEvent,
} from './events.ts';
export type { IServiceConfiguration, IDebugOptions } from './service/service-config.ts';
export { autoRefreshToken } from './token-refresh.ts';
export type {
  AutoRefreshTokenOptions,
  TokenRefreshErrorInfo,
  TokenRefreshStop,
  TokenResult,
  ParsedToken,
} from './token-refresh.ts';
export { trackEmbedStatus, IDLE_STATUS } from './embed-status.ts';
export type { EmbedStatus, EmbedStatusSnapshot, EmbedStatusStore } from './embed-status.ts';
export { embedFromConfig } from './embed-from-config.ts';
export type { EmbedFromConfigOptions, AnyEmbedConfiguration } from './embed-from-config.ts';

// Framework adapters: everything a component wrapper needs, so adapters only map lifecycles.
export { createEmbedController } from './controller/embed-controller.ts';
export type {
  EmbedController,
  EmbedControllerInput,
  EmbedControllerOptions,
} from './controller/embed-controller.ts';
export type { EmbedControllerSnapshot } from './controller/embed-slot.ts';
export { diffEmbedConfig } from './controller/diff-embed-config.ts';
export type { EmbedConfigChange, EmbedLiveUpdate } from './controller/diff-embed-config.ts';
export { deepEqual } from './controller/deep-equal.ts';
export type { EmbedEventHandler, EmbedEventHandlers } from './controller/event-bindings.ts';
