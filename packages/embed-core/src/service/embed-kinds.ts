/**
 * The embed kinds a Service can create, filled by the package entry (`index.ts`). The Service reads
 * this table instead of importing the component classes, and the components depend only on the
 * `IEmbedService` interface, so the Service and the components do not import each other.
 */
import type { Embed, IEmbedConfigurationBase } from '../embeds/embed.ts';
import type { IEmbedService } from '../embeds/embed-service.ts';

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
 * `Service.components` (public in the original, so pages may read or extend it) is this array:
 * it starts empty and `defineEmbedKinds` fills it.
 */
export const builtInComponents: BuiltInComponent[] = [];
let kinds: EmbedKinds | undefined;

/** Called once by the package entry with the component classes. */
export function defineEmbedKinds(table: EmbedKinds): void {
  kinds = table;
  builtInComponents.splice(0, builtInComponents.length, ...table.components);
}

export function embedKinds(): EmbedKinds {
  if (!kinds) {
    throw new Error(
      '[embed-core] No embed kinds are defined: import the Service from the package entry (@canopy/embed-core), not from an internal module.',
    );
  }
  return kinds;
}
