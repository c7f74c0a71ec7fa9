/**
 * The embed kinds a Service can create. The components depend only on the `IEmbedService`
 * interface, never on the Service module, so importing them here makes no cycle. The table is built
 * by plain declarations (no call at import time): a bundler drops all of it when the Service is
 * unused, which is what lets the package entry be free of side effects.
 */
import { Create } from '../embeds/create.ts';
import { Dashboard } from '../embeds/dashboard.ts';
import type { Embed, IEmbedConfigurationBase } from '../embeds/embed.ts';
import type { IEmbedService } from '../embeds/embed-service.ts';
import { Qna } from '../embeds/qna.ts';
import { QuickCreate } from '../embeds/quick-create.ts';
import { Report } from '../embeds/report.ts';
import { Tile } from '../embeds/tile.ts';
import { Visual } from '../embeds/visual.ts';

/** A component class the Service instantiates, matched by lower-cased `type`. */
export type BuiltInComponent = {
  type: string;
  new (
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed<object>;
};

/** The report class: the one kind also built over an existing iframe (Create → saved report). */
export type ReportComponent = {
  type: string;
  new (
    service: IEmbedService,
    element: HTMLElement,
    config: IEmbedConfigurationBase,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ): Embed<object>;
};

export interface EmbedKinds {
  /** What `embed`/`load`/`bootstrap` create, in the original's lookup order. */
  components: BuiltInComponent[];
  report: ReportComponent;
  create: BuiltInComponent;
  quickCreate: BuiltInComponent;
}

/**
 * `Service.components` (public in the original, so pages may read or extend it) is this array, in
 * the original's lookup order.
 */
export const builtInComponents: BuiltInComponent[] = [Tile, Report, Dashboard, Qna, Visual];

const kinds: EmbedKinds = {
  components: builtInComponents,
  report: Report,
  create: Create,
  quickCreate: QuickCreate,
};

export function embedKinds(): EmbedKinds {
  return kinds;
}
